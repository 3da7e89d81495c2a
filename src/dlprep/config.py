"""User settings in config.toml: the display language (else LANG, else English) and the FSRS
desired retention. `dlprep config set KEY VALUE` edits the file with tomlkit, which keeps the
user's comments and the keys it does not know."""

from __future__ import annotations

import os
import tomllib
from collections.abc import Callable
from typing import Any

from dlprep import paths
from dlprep.errors import UsageError

LANGS = ("zh", "en")
DEFAULT_RETENTION = 0.9
RETENTION_RANGE = (0.7, 0.99)  # below, most reviews fail; above, the workload explodes


def _lang(text: str) -> str:
    if text not in LANGS:
        raise UsageError(f"lang must be one of {', '.join(LANGS)}")
    return text


def _retention(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise UsageError(f"retention must be a number like 0.9, not {text!r}") from None
    lo, hi = RETENTION_RANGE
    if not lo <= value <= hi:
        raise UsageError(f"retention must be between {lo} and {hi} (the share of reviews you want to recall)")
    return value


# key -> parser of the typed value (raises UsageError with the allowed values)
KEYS: dict[str, Callable[[str], Any]] = {"lang": _lang, "retention": _retention}


def _read() -> dict[str, Any]:
    cfg = paths.config_file()
    if not cfg.is_file():
        return {}
    try:
        return tomllib.loads(cfg.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, OSError, UnicodeDecodeError):
        return {}  # a broken config must not stop a quiz; the defaults decide instead


def default_lang() -> str:
    lang = _read().get("lang")
    if lang in LANGS:
        return str(lang)
    return "zh" if os.environ.get("LANG", "").lower().startswith("zh") else "en"


def retention() -> float:
    """The desired retention for FSRS; an invalid value in the file falls back to the default."""
    value = _read().get("retention", DEFAULT_RETENTION)
    try:
        return _retention(str(value))
    except UsageError:
        return DEFAULT_RETENTION


def values() -> dict[str, Any]:
    return {"lang": default_lang(), "retention": retention()}


def set_value(key: str, text: str) -> Any:
    """Validate and write one key; returns the stored value."""
    import tomlkit

    if key not in KEYS:
        raise UsageError(f"unknown setting {key!r}; use one of {', '.join(KEYS)}")
    value = KEYS[key](text)
    cfg = paths.config_file()
    try:
        doc = tomlkit.parse(cfg.read_text(encoding="utf-8")) if cfg.is_file() else tomlkit.document()
    except (OSError, UnicodeDecodeError, tomlkit.exceptions.ParseError) as e:
        raise UsageError(f"cannot read {cfg}: {e}; fix or remove it first") from None
    doc[key] = value
    try:
        cfg.parent.mkdir(parents=True, exist_ok=True)
        tmp = cfg.with_name(cfg.name + ".tmp")
        tmp.write_text(tomlkit.dumps(doc), encoding="utf-8")
        tmp.replace(cfg)  # a killed write never leaves half a config
    except OSError as e:
        raise UsageError(f"cannot write {cfg}: {e}") from None
    return value
