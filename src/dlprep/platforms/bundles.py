"""What a course uploads to each platform, for one exercise: `dlprep autograder ID --for T OUT`.

- gradescope (OUT.zip): setup.sh and run_autograder at the zip's root, as
  https://gradescope-autograders.readthedocs.io/en/latest/specs/ asks; dlprep's source beside them.
- exercism (OUT folder): a test runner per exercism/docs building/tooling/test-runners
  (interface.md: `bin/run.sh SLUG INPUT_DIR OUTPUT_DIR` writes OUTPUT_DIR/results.json and exits 0;
  docker.md: the image runs it), with a Dockerfile.
- github-classroom (OUT folder, the template repository): .github/workflows/classroom.yml running
  classroom-resources/autograding-command-grader@v1 and autograding-grading-reporter@v1.
- prairielearn (OUT folder): serverFilesCourse/dlprep/run.sh, the external grader's entrypoint
  (docs/externalGrading.md: the upload in /grade/student, results in /grade/results/results.json),
  the question's externalGradingOptions and a Dockerfile for its image.

Every run script grades the upload as ONE submission (`dlprep grade --upload`), trusts verified
checks only, and accepts the container it runs in as the boundary (`--isolation container`).
Where the hidden cases must stay hidden (Gradescope, PrairieLearn) the seed is a root-only file
in the folder that every run is kept out of (DLPREP_HOME: a mount namespace hides it, or Landlock
refuses it), never on a command line or in the environment.
"""

from __future__ import annotations

import importlib.metadata
import json
import secrets
import shlex
import zipfile
from collections.abc import Callable
from pathlib import Path

import dlprep
from dlprep.errors import UsageError

TORCH_PIN = "torch==2.13.0"  # the pyproject's exact pin, taken from PyTorch's CPU index below
TORCH_CPU_INDEX = "https://download.pytorch.org/whl/cpu"
SOURCE_PARTS = ("pyproject.toml", "README.md", "src", "cli", "checkers", "questions", "reference_impls")
ISOLATIONS = ("full", "container", "best")
TRUSTS = ("verified", "all")

# A Python >= 3.11 on whatever base image the platform builds from. Gradescope's default base is
# Ubuntu 22.04, whose python3 is 3.10: python3.11 comes from jammy's universe (apt); Ubuntu
# 24.04's python3 is 3.12 and is used as it is (its venv module is a separate apt package); any
# other base (an older Ubuntu, Debian, Fedora) gets a standalone CPython 3.11 through uv.
# A str.format template like the scripts it goes into: shell braces are doubled.
FIND_PYTHON = r"""
py_ok() {{ "$1" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; }}
PY=""
for c in python3.13 python3.12 python3.11 python3; do
    if command -v "$c" >/dev/null 2>&1 && py_ok "$(command -v "$c")"; then PY="$(command -v "$c")"; break; fi
done
if [ -z "$PY" ] && command -v apt-get >/dev/null 2>&1; then
    apt-get update -q || true
    if apt-get install -y -q python3.11 python3.11-venv; then PY=/usr/bin/python3.11; fi
fi
if [ -z "$PY" ]; then
    (python3 -m pip install -q uv || curl -LsSf https://astral.sh/uv/install.sh | sh) >/dev/null
    export PATH="$HOME/.local/bin:$PATH"
    uv python install 3.11 && PY="$(uv python find 3.11)"
fi
[ -n "$PY" ] || {{ echo "no Python >= 3.11 could be installed" >&2; exit 1; }}
if ! "$PY" -m venv "$VENV" 2>/dev/null; then  # Debian/Ubuntu ship venv's ensurepip apart
    apt-get install -y -q "python3.$("$PY" -c 'import sys; print(sys.version_info[1])')-venv" python3-venv || true
    "$PY" -m venv "$VENV"
fi
"""

INSTALL = """# torch first, from PyTorch's CPU index: the exact pin then never resolves to a CUDA build
"$VENV/bin/pip" install -q --index-url {index} "{torch}"
"$VENV/bin/pip" install -q "{src}"
"""

GRADESCOPE_SETUP = """#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder image.
set -euo pipefail
VENV=/autograder/venv
SRC=/autograder/source
""" + FIND_PYTHON + INSTALL + """
# The hidden cases' seed: root-only, in the folder every run is kept out of (run_autograder makes
# it DLPREP_HOME). The source copy goes: the references now live only inside the venv, hidden too.
install -d -m 0700 /autograder/dlprep-secret
install -m 0600 "$SRC/dlprep-seed" /autograder/dlprep-secret/seed
rm -rf "$SRC/dlprep-seed" "$SRC/dlprep-src"
"$VENV/bin/dlprep" doctor || true  # the image's isolation, in the build log
"""

GRADESCOPE_RUN = """#!/usr/bin/env bash
# Grades the upload in $ROOT/submission as ONE submission and writes $ROOT/results/results.json.
# AUTOGRADER_ROOT, DLPREP_BIN and DLPREP_SECRET let it run outside Gradescope's image (the tests do).
set -uo pipefail
ROOT="${{AUTOGRADER_ROOT:-/autograder}}"
DLPREP="${{DLPREP_BIN:-$ROOT/venv/bin/dlprep}}"
SECRET="${{DLPREP_SECRET:-$ROOT/dlprep-secret}}"
mkdir -p "$ROOT/results"
rm -rf "$ROOT/results/results.json"
# DLPREP_HOME=$SECRET: every run is kept out of it, so the seed file in it stays the grader's
DLPREP_HOME="$SECRET" "$DLPREP" grade {qid} "$ROOT/submission" --upload --format gradescope \\
    --out "$ROOT/results/results.json" --journal "$SECRET/journal.jsonl" --seed-file "$SECRET/seed" \\
    --trust {trust} --isolation {isolation} --jobs 1
code=$?
if [ ! -f "$ROOT/results/results.json" ]; then
    # never leave Gradescope without a result: the reason is in the autograder output above
    printf '{{"score": 0, "output": "The autograder could not grade this submission (dlprep exit %s); '\\
'the course staff can see why in the autograder output.", "tests": []}}\\n' "$code" \\
        > "$ROOT/results/results.json"
fi
exit 0
"""

EXERCISM_RUN = """#!/usr/bin/env bash
# Exercism's test-runner interface: bin/run.sh SLUG INPUT_DIR OUTPUT_DIR writes
# OUTPUT_DIR/results.json (version 3) and exits 0 whatever the tests say.
set -uo pipefail
if [ "$#" -ne 3 ]; then
    echo "usage: bin/run.sh exercise-slug path/to/solution/folder/ path/to/output/directory/" >&2
    exit 1
fi
slug="$1"; input="${{2%/}}"; output="${{3%/}}"
DLPREP="${{DLPREP_BIN:-dlprep}}"
mkdir -p "$output"
results="$output/results.json"
rm -rf "$results"
if [ "$slug" != {slug} ] && [ "$slug" != {qid} ]; then
    printf '{{"version": 3, "status": "error", "message": "this test runner grades %s, not %s", "tests": []}}\\n' \\
        {slug} "$slug" > "$results"
    exit 0
fi
work="$(mktemp -d)"
# Exercism shows every test to the student: a fresh seed per run, so printing the hidden cases'
# inputs teaches nothing about the next run's
DLPREP_HOME="$work" "$DLPREP" grade {qid} "$input" --upload --format exercism --out "$results" \\
    --journal "$work/journal.jsonl" --trust {trust} --isolation {isolation} --jobs 1 >&2
code=$?
if [ ! -f "$results" ]; then
    printf '{{"version": 3, "status": "error", "message": "the test runner failed (dlprep exit %s)", '\\
'"tests": []}}\\n' "$code" > "$results"
fi
rm -rf "$work"
exit 0
"""

RUNNER_DOCKERFILE = """# The image the platform runs {what} in (dlprep and torch's CPU build in a venv).
FROM python:3.11-slim
ENV VENV=/opt/dlprep-venv
COPY dlprep-src /opt/dlprep-src
RUN python -m venv "$VENV" \\
 && "$VENV/bin/pip" install -q --index-url {index} "{torch}" \\
 && "$VENV/bin/pip" install -q /opt/dlprep-src && rm -rf /opt/dlprep-src
ENV PATH="/opt/dlprep-venv/bin:$PATH"
{tail}
"""

PRAIRIELEARN_RUN = """#!/usr/bin/env bash
# PrairieLearn's external grader entrypoint: the upload is in /grade/student, the results go to
# /grade/results/results.json. GRADE_ROOT lets it run outside PrairieLearn (the tests do).
set -uo pipefail
ROOT="${{GRADE_ROOT:-/grade}}"
DLPREP="${{DLPREP_BIN:-dlprep}}"
HERE="$(cd "$(dirname "$0")" && pwd)"
SECRET="$(mktemp -d)"
chmod 0700 "$SECRET"
# the seed: moved into the folder every run is kept out of (DLPREP_HOME), root-only
install -m 0600 "$HERE/dlprep-seed" "$SECRET/seed" && rm -f "$HERE/dlprep-seed"
mkdir -p "$ROOT/results"
rm -rf "$ROOT/results/results.json"
DLPREP_HOME="$SECRET" "$DLPREP" grade {qid} "$ROOT/student" --upload --format prairielearn \\
    --out "$ROOT/results/results.json" --journal "$SECRET/journal.jsonl" --seed-file "$SECRET/seed" \\
    --trust {trust} --isolation {isolation} --jobs 1
code=$?
if [ ! -f "$ROOT/results/results.json" ]; then
    printf '{{"gradable": true, "score": 0, "message": "the grader failed (dlprep exit %s)", "tests": []}}\\n' \\
        "$code" > "$ROOT/results/results.json"
fi
rm -rf "$SECRET"
exit 0
"""

CLASSROOM_WORKFLOW = """# GitHub Classroom autograding for {qid}, written by `dlprep autograder --for github-classroom`.
# The command grader awards max-score when the command exits 0: `dlprep grade --require-pass`
# exits 0 only when the solution passes. GitHub's runner is a VM where user namespaces are
# restricted, so dlprep runs as root (sudo), which gives every run its own namespaces.
name: Autograding Tests
'on':
- push
- repository_dispatch
permissions:
  checks: write
  actions: read
  contents: read
jobs:
  run-autograding-tests:
    runs-on: ubuntu-latest
    if: github.actor != 'github-classroom[bot]'
    steps:
    - name: Checkout code
      uses: actions/checkout@v4
    - name: Set up Python
      uses: actions/setup-python@v5
      with:
        python-version: '3.11'
    - name: dlprep {qid}
      id: dlprep
      uses: classroom-resources/autograding-command-grader@v1
      with:
        test-name: dlprep {qid}
        setup-command: python -m pip install -q --index-url {index} "{torch}" && python -m pip install -q {package}
        command: >-
          sudo -E env "PATH=$PATH" dlprep grade {qid} . --upload --require-pass
          --trust {trust} --isolation {isolation} --jobs 1 --journal /tmp/dlprep-journal.jsonl
        timeout: 10
        max-score: {points}
    - name: Autograding Reporter
      uses: classroom-resources/autograding-grading-reporter@v1
      env:
        DLPREP_RESULTS: "${{{{steps.dlprep.outputs.result}}}}"
      with:
        runners: dlprep
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


def _source_files() -> list[tuple[str, bytes]]:
    """dlprep's installable source as (name under dlprep-src/, bytes)."""
    root = source_root()
    out: list[tuple[str, bytes]] = []
    if root:  # a checkout: its own project file and folders
        for part in SOURCE_PARTS:
            p = root / part
            for f in [p] if p.is_file() else _files(p):
                out.append((f"dlprep-src/{f.relative_to(root)}", f.read_bytes()))
    else:  # installed from a wheel: the package tree as installed
        package = Path(dlprep.__file__).resolve().parent
        out.append(("dlprep-src/pyproject.toml", _installed_project().encode()))
        for f in _files(package):
            out.append((f"dlprep-src/dlprep/{f.relative_to(package)}", f.read_bytes()))
    return out


class _Out:
    """Files of a bundle, written into a zip or a folder; executables marked so."""

    def __init__(self) -> None:
        self.files: list[tuple[str, bytes, bool]] = []
        self.secret: str | None = None  # written 0600 in a folder bundle (the seed)

    def add(self, name: str, data: str | bytes, executable: bool = False, secret: bool = False) -> None:
        raw = data.encode() if isinstance(data, str) else data
        self.files.append((name, raw, executable))
        if secret:
            self.secret = name

    def zip(self, out: Path) -> None:
        tmp = out.with_name(out.name + ".tmp")
        with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as z:
            for name, data, exe in self.files:
                info = zipfile.ZipInfo(name)
                info.external_attr = (0o755 if exe else 0o644) << 16
                info.compress_type = zipfile.ZIP_DEFLATED
                z.writestr(info, data)
        tmp.replace(out)

    def folder(self, out: Path) -> None:
        if out.exists() and not out.is_dir():
            raise UsageError(f"{out} is a file; --for this platform writes a folder")
        for name, data, exe in self.files:
            path = out / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            path.chmod(0o755 if exe else 0o644)
        if self.secret is not None:
            (out / self.secret).chmod(0o600)


def _slug(q_exercise: str) -> str:
    return q_exercise.replace("_", "-")


def find_python_script(venv: str) -> str:
    """The shell that finds (or installs) a Python >= 3.11 and makes a venv there (tests run it)."""
    return "#!/usr/bin/env bash\nset -euo pipefail\nVENV=" + shlex.quote(venv) + "\n" + FIND_PYTHON.format()


def _gradescope(qid: str, exercise: str, seed: int, trust: str, isolation: str, points: float, out: Path) -> None:
    b = _Out()
    b.add("setup.sh", GRADESCOPE_SETUP.format(index=TORCH_CPU_INDEX, torch=TORCH_PIN,
                                              src="/autograder/source/dlprep-src"), executable=True)
    b.add("run_autograder", GRADESCOPE_RUN.format(qid=shlex.quote(qid), trust=trust, isolation=isolation),
          executable=True)
    b.add("dlprep-seed", f"{seed}\n")
    for name, data in _source_files():
        b.add(name, data)
    b.zip(out)


def _exercism(qid: str, exercise: str, seed: int, trust: str, isolation: str, points: float, out: Path) -> None:
    b = _Out()
    b.add("bin/run.sh", EXERCISM_RUN.format(qid=shlex.quote(qid), slug=shlex.quote(_slug(exercise)), trust=trust,
                                            isolation=isolation), executable=True)
    b.add("Dockerfile", RUNNER_DOCKERFILE.format(
        what="this test runner", index=TORCH_CPU_INDEX, torch=TORCH_PIN,
        tail="WORKDIR /opt/test-runner\nCOPY bin /opt/test-runner/bin\nENTRYPOINT [\"/opt/test-runner/bin/run.sh\"]"))
    for name, data in _source_files():
        b.add(name, data)
    b.folder(out)


def _github_classroom(qid: str, exercise: str, seed: int, trust: str, isolation: str, points: float,
                      out: Path, package: str | None = None) -> None:
    b = _Out()
    # The student's repository must not carry dlprep's source (its reference solutions): the
    # workflow installs dlprep as a package; --package points it at the course's own index or URL.
    package = shlex.quote(package or f"dlprep=={dlprep.__version__}")
    b.add(".github/workflows/classroom.yml", CLASSROOM_WORKFLOW.format(
        qid=qid, index=TORCH_CPU_INDEX, torch=TORCH_PIN, package=package, trust=trust,
        isolation=isolation, points=f"{points:g}"))
    b.folder(out)


def _prairielearn(qid: str, exercise: str, seed: int, trust: str, isolation: str, points: float, out: Path) -> None:
    b = _Out()
    b.add("serverFilesCourse/dlprep/run.sh", PRAIRIELEARN_RUN.format(qid=shlex.quote(qid), trust=trust,
                                                                     isolation=isolation), executable=True)
    b.add("serverFilesCourse/dlprep/dlprep-seed", f"{seed}\n", secret=True)
    b.add("info-externalGradingOptions.json", json.dumps({"externalGradingOptions": {
        "enabled": True, "image": "YOUR-REGISTRY/dlprep-grader", "serverFilesCourse": ["dlprep/"],
        "entrypoint": "/grade/serverFilesCourse/dlprep/run.sh", "timeout": 120}}, indent=2) + "\n")
    b.add("Dockerfile", RUNNER_DOCKERFILE.format(what="the external grader", index=TORCH_CPU_INDEX, torch=TORCH_PIN,
                                                 tail=""))
    for name, data in _source_files():
        b.add(name, data)
    b.folder(out)


WRITERS: dict[str, Callable[[str, str, int, str, str, float, Path], None]] = {
    "gradescope": _gradescope, "exercism": _exercism, "github-classroom": _github_classroom,
    "prairielearn": _prairielearn}


def bundle(qid: str, exercise: str, target: str, out: Path, seed: int | None = None, isolation: str = "container",
           trust: str = "verified", points: float = 0.0, package: str | None = None) -> int:
    """Write the bundle for `target`; returns the seed baked into it (where the platform keeps one)."""
    if target not in WRITERS:
        raise UsageError(f"unknown autograder target {target!r}; use one of {', '.join(WRITERS)}")
    if isolation not in ISOLATIONS:
        raise UsageError(f"unknown isolation {isolation!r}; use {', '.join(ISOLATIONS)}")
    if trust not in TRUSTS:
        raise UsageError(f"unknown trust {trust!r}; use verified or all")
    seed = secrets.randbelow(2**31) if seed is None else seed
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        if target == "github-classroom":
            _github_classroom(qid, exercise, seed, trust, isolation, points, out, package)
        else:
            WRITERS[target](qid, exercise, seed, trust, isolation, points, out)
    except OSError as e:
        raise UsageError(f"cannot write {out}: {e.strerror or e}") from None
    return seed
