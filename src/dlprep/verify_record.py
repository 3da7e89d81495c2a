"""What past `dlprep verify` runs learned: each item's cost, and the content it last passed with.

Two uses, one file (`verify-record.json` in the user's data dir, beside the progress database):

- **Scheduling.** `cost(ids)` is what the items took last time; verify hands the longest work out
  first, so that two workers finish together instead of one waiting out a long exercise alone.
  Items never seen get an estimate by kind (`DEFAULT_COST_S`).
- **`dlprep verify --changed`.** An item's fingerprint hashes everything its verdict depends on:
  the question as loaded, the exercise's files (reference, check.py, mutants, corpus), the code that
  proves it (checkers/ and the core verify modules), the torch and triton versions and what this
  machine offers (GPU, triton, compiler). An item whose fingerprint has a recorded pass is not run
  again; its recorded result is reported, marked `recorded`.

A missing, broken or unwritable record costs time, never correctness: a fresh clone (CI) has none
and proves everything. Entries are merged, so verifying one topic keeps the others' records.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import asdict
from functools import cache
from pathlib import Path
from typing import Any

from dlprep import paths
from dlprep.bank import LoadedQuestion

RECORD_FILE = "verify-record.json"
VERSION = 1
# Seconds an item takes when no run has timed it yet (2-core machine): the order matters, not the value.
DEFAULT_COST_S = {"coding": 15.0, "output": 0.6, "choice": 0.8, "true_false": 0.8, "short": 0.8,
                  "spot_bug": 0.3, "open": 0.0}
# Core modules whose change can change a verdict (checkers/ is hashed whole).
CORE_MODULES = ("verify.py", "spotbug.py", "answers.py", "outputs.py", "code_judge.py", "mutants.py", "variants.py",
                "evidence.py", "requires.py", "models.py", "judging.py")


def record_file() -> Path:
    return paths.data_home() / RECORD_FILE


@cache
def code_hash() -> str:
    """The checkers package and the core verify modules, file by file."""
    import dlprep.checkers

    h = hashlib.sha256()
    pkg = Path(dlprep.checkers.__file__).parent
    core = Path(__file__).parent
    files = sorted(pkg.rglob("*.py")) + [core / m for m in CORE_MODULES if (core / m).is_file()]
    for f in files:
        name = f.relative_to(pkg) if f.is_relative_to(pkg) else Path("core", f.name)
        h.update(str(name).encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()


@cache
def _folder_hash(folder: str) -> str:
    h = hashlib.sha256()
    root = Path(folder)
    for f in sorted(p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
        h.update(str(f.relative_to(root)).encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()


def versions() -> dict[str, str]:
    import torch

    try:
        import triton

        tv = str(triton.__version__)
    except Exception:  # noqa: BLE001 - no triton is a fact of this machine, recorded as such
        tv = "none"
    return {"torch": str(torch.__version__), "triton": tv}


def fingerprint(lq: LoadedQuestion, machine: dict[str, Any]) -> str:
    """Everything the item's verdict depends on; `machine`: versions and the environment's facts."""
    h = hashlib.sha256()
    h.update(json.dumps(machine, sort_keys=True).encode())
    h.update(code_hash().encode())
    h.update(lq.q.model_dump_json().encode())
    exercise = getattr(lq.q, "exercise", None)
    if exercise:
        h.update(_folder_hash(str(paths.exercises_dir() / exercise)).encode())
    return h.hexdigest()


class VerifyRecord:
    """The record file's entries: id -> {"seconds": float, "hash": str (only after a pass), "result": {...}}."""

    def __init__(self, file: Path | None = None):
        self.file = file or record_file()
        try:
            data = json.loads(self.file.read_text(encoding="utf-8"))
            self.entries: dict[str, dict[str, Any]] = data["items"] if data.get("version") == VERSION else {}
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            self.entries = {}

    def cost(self, lq: LoadedQuestion) -> float:
        seconds = self.entries.get(lq.id, {}).get("seconds")
        return float(seconds) if isinstance(seconds, int | float) else DEFAULT_COST_S.get(lq.q.type, 1.0)

    def passed(self, lq: LoadedQuestion, fp: str) -> dict[str, Any] | None:
        """The recorded result of a pass with this fingerprint, or None."""
        e = self.entries.get(lq.id, {})
        return e.get("result") if e.get("hash") == fp and isinstance(e.get("result"), dict) else None

    def update(self, result: Any, fp: str | None) -> None:
        """Note one item's result (a QuestionResult); a recorded pass is kept as it was."""
        if getattr(result, "recorded", False):
            return
        entry: dict[str, Any] = {"seconds": float(result.duration_s)}
        if fp is not None and result.status == "passed":
            entry.update(hash=fp, result=asdict(result))
        self.entries[result.id] = entry

    def save(self) -> None:
        try:  # best effort: a read-only home only costs time
            self.file.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.file.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_text(json.dumps({"version": VERSION, "items": self.entries}), encoding="utf-8")
            os.replace(tmp, self.file)
        except OSError:
            pass
