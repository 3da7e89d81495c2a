"""User settings: the display language, from the config file, then LANG, else English."""

from __future__ import annotations

import os
import tomllib

from dlprep import paths

LANGS = ("zh", "en")


def default_lang() -> str:
    cfg = paths.config_file()
    if cfg.is_file():
        try:
            lang = tomllib.loads(cfg.read_text(encoding="utf-8")).get("lang")
        except (tomllib.TOMLDecodeError, OSError):
            lang = None  # a broken config must not stop a quiz; LANG decides instead
        if lang in LANGS:
            return str(lang)
    return "zh" if os.environ.get("LANG", "").lower().startswith("zh") else "en"
