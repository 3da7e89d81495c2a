"""The terminal's words in both languages, kept as data (cli/messages.yaml): one entry per key with
its `en` and `zh`, so a translation sits next to what it translates."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import yaml

FILE = Path(__file__).with_name("messages.yaml")


@cache
def _all() -> dict[str, dict[str, dict[str, Any]]]:
    data: dict[str, dict[str, dict[str, Any]]] = yaml.safe_load(FILE.read_text(encoding="utf-8"))
    return data


def table(section: str) -> dict[str, dict[str, Any]]:
    """{lang: {key: text}} for one command's words; lists become tuples (table headers)."""
    entries = _all()[section]
    return {lang: {k: tuple(v[lang]) if isinstance(v[lang], list) else v[lang] for k, v in entries.items()}
            for lang in ("en", "zh")}
