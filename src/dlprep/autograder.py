"""A Gradescope autograder bundle for one exercise: `dlprep autograder ID --for gradescope OUT.zip`.

The zip holds what Gradescope's specification asks for at its root
(https://gradescope-autograders.readthedocs.io/en/latest/specs/): `setup.sh`, which installs
dlprep (torch pinned to its CPU build), and `run_autograder`, which grades the upload in
/autograder/submission with `dlprep grade` and writes /autograder/results/results.json. The seed is
fixed when the bundle is made, so every student meets the same hidden cases. AUTOGRADER_ROOT and
DLPREP_BIN let the run script be tried outside Gradescope's image (the tests do).
"""

from __future__ import annotations

import importlib.metadata
import json
import secrets
import shlex
import zipfile
from pathlib import Path

import dlprep
from dlprep.errors import UsageError

TORCH_PIN = "torch==2.13.0"  # the pyproject's exact pin, taken from PyTorch's CPU index below
TORCH_CPU_INDEX = "https://download.pytorch.org/whl/cpu"
SOURCE_PARTS = ("pyproject.toml", "README.md", "src", "cli", "checkers", "questions", "reference_impls")
TARGETS = ("gradescope",)

SETUP = """#!/usr/bin/env bash
# Gradescope runs this once when it builds the autograder image: install dlprep in a venv.
set -euo pipefail
apt-get update -q && apt-get install -y -q python3 python3-venv python3-pip
python3 -m venv /autograder/venv
# torch first, from PyTorch's CPU index: the exact pin then never resolves to a CUDA build
/autograder/venv/bin/pip install -q --index-url {index} "{torch}"
/autograder/venv/bin/pip install -q {dlprep}
"""

RUN = """#!/usr/bin/env bash
# Grades the upload in $ROOT/submission and writes $ROOT/results/results.json (Gradescope's layout).
set -uo pipefail
ROOT="${{AUTOGRADER_ROOT:-/autograder}}"
DLPREP="${{DLPREP_BIN:-$ROOT/venv/bin/dlprep}}"
mkdir -p "$ROOT/results"
"$DLPREP" grade {qid} "$ROOT/submission" --format gradescope --out "$ROOT/results/results.json" \\
    --journal "$ROOT/results/dlprep-journal.jsonl" --seed {seed} --isolation {isolation} --jobs 1
code=$?
if [ "$code" -ne 0 ] && [ ! -s "$ROOT/results/results.json" ]; then
    # never leave Gradescope without a result: the reason is in the autograder output above
    printf '{{"score": 0, "output": "The autograder could not grade this submission (dlprep exit %s); '\\
'the course staff can see why in the autograder output.", "tests": []}}\\n' "$code" \\
        > "$ROOT/results/results.json"
fi
exit 0
"""


# For a copy installed from a wheel there is no checkout to ship: the installed package (modules,
# banks and exercises, already in one `dlprep` tree) goes in with this project file instead.
INSTALLED_PYPROJECT = """[build-system]
requires = ["setuptools>=69", "wheel"]
build-backend = "setuptools.build_meta"

[project]
name = "dlprep"
version = {version}
requires-python = ">=3.11"
dependencies = [{dependencies}]

[project.scripts]
dlprep = "dlprep.cli.app:main"

[tool.setuptools.packages.find]
include = ["dlprep*"]

[tool.setuptools.package-data]
"*" = ["**/*"]
"""


def _installed_project() -> str:
    """The project file for the installed package: its own runtime requirements (no extras)."""
    reqs = [r for r in importlib.metadata.requires("dlprep") or [] if "extra ==" not in r]
    return INSTALLED_PYPROJECT.format(version=json.dumps(dlprep.__version__),
                                      dependencies=", ".join(json.dumps(r) for r in reqs))


def _files(folder: Path) -> list[Path]:
    return sorted(f for f in folder.rglob("*") if f.is_file() and "__pycache__" not in f.parts
                  and not f.name.endswith(".pyc"))


def source_root() -> Path | None:
    """The dlprep checkout this copy runs from (an editable install), if there is one."""
    root = Path(dlprep.__file__).resolve().parents[2]
    return root if (root / "pyproject.toml").is_file() and (root / "src" / "dlprep").is_dir() else None


def bundle(qid: str, target: str, out: Path, seed: int | None = None, isolation: str = "strict") -> int:
    """Write the bundle; returns the seed baked into it."""
    if target not in TARGETS:
        raise UsageError(f"unknown autograder target {target!r}; use {' or '.join(TARGETS)}")
    if isolation not in ("strict", "best"):
        raise UsageError(f"unknown isolation {isolation!r}; use best or strict")
    seed = secrets.randbelow(2**31) if seed is None else seed
    root = source_root()
    run = RUN.format(qid=shlex.quote(qid), seed=seed, isolation=isolation)
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        tmp = out.with_name(out.name + ".tmp")
        with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as z:
            _add(z, "setup.sh", SETUP.format(index=TORCH_CPU_INDEX, torch=TORCH_PIN,
                                             dlprep="/autograder/source/dlprep-src"))
            _add(z, "run_autograder", run)
            if root:  # a checkout: its own project file and folders
                for part in SOURCE_PARTS:
                    p = root / part
                    for f in [p] if p.is_file() else _files(p):
                        z.write(f, f"dlprep-src/{f.relative_to(root)}")
            else:  # installed from a wheel: the package tree as installed
                package = Path(dlprep.__file__).resolve().parent
                z.writestr("dlprep-src/pyproject.toml", _installed_project())
                for f in _files(package):
                    z.write(f, f"dlprep-src/dlprep/{f.relative_to(package)}")
        tmp.replace(out)
    except OSError as e:
        raise UsageError(f"cannot write {out}: {e.strerror or e}") from None
    return seed


def _add(z: zipfile.ZipFile, name: str, text: str) -> None:
    info = zipfile.ZipInfo(name)
    info.external_attr = 0o755 << 16  # executable once unzipped
    info.compress_type = zipfile.ZIP_DEFLATED
    z.writestr(info, text)
