"""Helpers that build small temporary banks for tests (the real banks are verified separately)."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
FIXTURES = Path(__file__).resolve().parent / "data" / "banks"


def bank_fixture(name: str) -> str:
    """The text of a small test bank kept as YAML under tests/data/banks/ (data, not code)."""
    return (FIXTURES / name).read_text(encoding="utf-8")


GOOD = bank_fixture("good.yaml")


def make_banks(tmp: Path, files: dict[str, str] | None = None, with_real_topics: bool = True) -> Path:
    """A bank folder with the real topics.yaml and the given files (default: one good bank)."""
    folder = tmp / "questions"
    folder.mkdir(parents=True, exist_ok=True)
    if with_real_topics:
        shutil.copy(REPO / "questions" / "topics.yaml", folder / "topics.yaml")
        shutil.copytree(REPO / "questions" / "schema", folder / "schema", dirs_exist_ok=True)
    for name, text in (files if files is not None else {"tensor.contiguity.yaml": GOOD}).items():
        (folder / name).write_text(textwrap.dedent(text), encoding="utf-8")
    return folder


def linked_exercises(dest: Path, own: tuple[str, ...] = ()) -> Path:
    """`dest` holding every exercise of the repository for DLPREP_EXERCISES: a link to each folder,
    for read-only use (a copy of them all is ~1,000 files), or a copy of its own for each one in
    `own`, which the caller may edit."""
    dest.mkdir(parents=True, exist_ok=True)
    for folder in (REPO / "reference_impls").iterdir():
        if folder.name in own:
            shutil.copytree(folder, dest / folder.name, ignore=shutil.ignore_patterns("__pycache__"))
        elif folder.name != "__pycache__":
            (dest / folder.name).symlink_to(folder)
    return dest
