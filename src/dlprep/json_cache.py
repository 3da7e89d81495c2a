"""A JSON file of computed entries in the cache dir, for speed only: a missing, broken or unwritable
cache costs time, never correctness. Only the entries used in this run are written back, so
entries of files that changed or went away do not pile up; except in a cache dir that several
homes share ($DLPREP_CACHE_DIR), where another home's entries are kept for it."""

from __future__ import annotations

import json
import os
from typing import Any

from dlprep import paths


class JsonCache:
    def __init__(self, name: str) -> None:
        self.file = paths.cache_dir() / name
        try:
            self.entries: dict[str, Any] = json.loads(self.file.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            self.entries = {}
        self.used: dict[str, Any] = {}
        self.dirty = False

    def save(self) -> None:
        shared = paths.shared_cache()  # another home's entries stay, so only a new entry is news
        if not self.dirty and (shared or set(self.used) == set(self.entries)):
            return
        try:  # best effort: a read-only home only costs speed
            self.file.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.file.with_suffix(f".{os.getpid()}.tmp")
            kept = {**self.entries, **self.used} if shared else self.used
            tmp.write_text(json.dumps(kept), encoding="utf-8")
            os.replace(tmp, self.file)
        except OSError:
            pass
