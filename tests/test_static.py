"""ruff and mypy --strict run with the tests, so CI fails on a lint or type error like on a bug."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def _run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=REPO, capture_output=True, text=True, env=env,
                          timeout=900)


def test_ruff_is_clean() -> None:
    r = _run("ruff", "check", ".")
    assert r.returncode == 0, r.stdout + r.stderr


def _package_tree(root: Path) -> Path:
    """The `dlprep` package as installed, drawn with links: pyproject maps src/dlprep, cli/ and
    checkers/ into one namespace, which mypy cannot follow from the source folders alone."""
    pkg = root / "dlprep"
    pkg.mkdir(parents=True)
    for f in (REPO / "src" / "dlprep").iterdir():
        (pkg / f.name).symlink_to(f)
    for top in ("cli", "checkers"):
        (pkg / top).symlink_to(REPO / top)
    return root


@pytest.mark.slow
def test_mypy_strict_is_clean(tmp_path: Path) -> None:
    tree = _package_tree(tmp_path / "tree")
    env = {**os.environ, "MYPYPATH": str(tree)}
    r = _run("mypy", "--cache-dir", str(tmp_path / "cache"), "-p", "dlprep", env=env)
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]
