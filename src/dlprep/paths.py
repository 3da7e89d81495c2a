"""Where the data lives: banks and reference implementations ship inside the package.

DLPREP_BANKS / DLPREP_EXERCISES point elsewhere (tests use temporary banks this way).
"""

from __future__ import annotations

import os
from importlib.resources import files
from pathlib import Path


def banks_dir() -> Path:
    env = os.environ.get("DLPREP_BANKS")
    return Path(env) if env else Path(str(files("dlprep.questions")))


def exercises_dir() -> Path:
    env = os.environ.get("DLPREP_EXERCISES")
    return Path(env) if env else Path(str(files("dlprep.reference_impls")))


def data_home() -> Path:
    """Progress and config: DLPREP_HOME, else $XDG_DATA_HOME/dlprep, else ~/.local/share/dlprep."""
    env = os.environ.get("DLPREP_HOME")
    if env:
        return Path(env)
    xdg = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(xdg) / "dlprep"


def cache_dir() -> Path:
    """Disposable speed-ups: $DLPREP_CACHE_DIR (several homes may share one: every entry is keyed by
    the content it was built from, and written whole), else DLPREP_HOME/cache, else
    $XDG_CACHE_HOME/dlprep, else ~/.cache/dlprep."""
    if shared_cache():
        return Path(os.environ["DLPREP_CACHE_DIR"])
    env = os.environ.get("DLPREP_HOME")
    if env:
        return Path(env) / "cache"
    return Path(os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")) / "dlprep"


def shared_cache() -> bool:
    """Whether the cache dir is one that several homes share ($DLPREP_CACHE_DIR)."""
    return bool(os.environ.get("DLPREP_CACHE_DIR"))


def config_file() -> Path:
    env = os.environ.get("DLPREP_HOME")
    if env:
        return Path(env) / "config.toml"
    xdg = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(xdg) / "dlprep" / "config.toml"
