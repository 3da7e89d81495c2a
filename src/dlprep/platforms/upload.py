"""One upload, one submission: what a platform's run script grades.

A class folder and an upload look alike (a folder of files), and `batch.collect` reads a folder
with a subfolder or two .py files as a class. A platform hands us exactly one student's upload
(Gradescope's /autograder/submission, Exercism's INPUT_DIR, a GitHub repository), often with
folders of its own (`docs/`, `tests/`, `.github/`): it is always graded as ONE submission.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from dlprep.batch import ENTRY_NAMES, BatchReport, Submission, _file
from dlprep.errors import UsageError

if TYPE_CHECKING:
    from dlprep.executors import GraderSpec
    from dlprep.models import CodingQuestion

SKIPPED_DIRS = {"__pycache__", "node_modules", "venv", ".venv", "site-packages"}


def _candidates(folder: Path) -> list[Path]:
    """Every .py file, shallowest first, outside hidden and tooling folders; never a symlink (a
    link could point at the grader's own files)."""
    found = []
    for p in folder.rglob("*.py"):
        rel = p.relative_to(folder).parts
        if any(part.startswith(".") or part in SKIPPED_DIRS for part in rel[:-1]):
            continue
        if p.is_symlink() or not p.is_file():
            continue
        found.append(p)
    return sorted(found, key=lambda p: (len(p.relative_to(folder).parts), str(p)))


def _problem(folder: Path, submitter: str, message: str) -> Submission:
    return Submission(submitter, folder, hashlib.sha256(f"{folder}:{message}".encode()).hexdigest(), None, message)


def pick(q: CodingQuestion, upload: Path, submitter: str = "submission") -> Submission:
    """The file to grade in one upload: `solution.py`, else `<exercise>.py` (the shallowest one of
    that name), else the only .py file; anything else in the upload is ignored. An upload with no
    such file becomes a submission whose problem says so in one line (its verdict is an error)."""
    if upload.is_file() and not upload.is_symlink():
        return _file(submitter, upload.parent, upload.name)
    if not upload.is_dir():
        return _problem(upload, submitter, f"the upload {upload} was not found")
    files = _candidates(upload)
    for name in (*ENTRY_NAMES, f"{q.exercise}.py"):
        named = [p for p in files if p.name == name]
        if named:
            return _file(submitter, upload, str(named[0].relative_to(upload)))
    if len(files) == 1:
        return _file(submitter, upload, str(files[0].relative_to(upload)))
    if files:
        listing = ", ".join(str(p.relative_to(upload)) for p in files[:5])
        return _problem(upload, submitter, f"the upload holds {len(files)} .py files ({listing}) and none is named "
                                           f"solution.py or {q.exercise}.py: rename the one to grade to solution.py")
    notebooks = [p for p in upload.rglob("*.ipynb") if not any(x.startswith(".") for x in p.parts)]
    if notebooks:
        return _problem(upload, submitter, f"the upload holds only a notebook ({notebooks[0].name}): export the "
                                           "solution as a Python file named solution.py and upload that")
    return _problem(upload, submitter, f"the upload holds no .py file: upload your solution as solution.py "
                                       f"(or {q.exercise}.py)")


def submissions(q: CodingQuestion, paths: Sequence[Path], upload: bool, seed: int | None,
                seed_file: Path | None) -> tuple[list[Submission], int | None]:
    """`dlprep grade`'s submissions and seed: with `upload`, the one PATH is one upload (`pick`);
    else `batch.collect`'s rules. A seed file is a platform's secret: with an upload, the seed is
    that secret mixed with the upload's bytes (`upload_seed`)."""
    from dlprep.batch import collect

    if seed is not None and seed_file is not None:
        raise UsageError("--seed and --seed-file both name the seed; pass one")
    if seed_file is not None:
        seed = read_seed_file(seed_file)
    if not upload:
        return collect(q, paths), seed
    if len(paths) != 1:
        raise UsageError(f"--upload grades ONE upload; {len(paths)} paths were given")
    sub = pick(q, paths[0])
    return [sub], upload_seed(seed, sub) if seed_file is not None and seed is not None else seed


def read_seed_file(path: Path) -> int:
    """The hidden cases' seed from a file only the grader can read (a platform bundle's secret)."""
    try:
        text = path.read_text(encoding="utf-8").strip()
    except OSError as e:
        raise UsageError(f"cannot read the seed file {path}: {e.strerror or e}") from None
    try:
        return int(text)
    except ValueError:
        raise UsageError(f"the seed file {path} does not hold an integer") from None


def exercise_points(q: CodingQuestion, spec: GraderSpec, seed: int = 0) -> float:
    """What the exercise is out of: the reference solution's max score (trusted code, graded in
    the same sandbox). Needed where no student run got far enough to say (a SyntaxError)."""
    from dlprep.checkers.base import load_exercise

    reference = load_exercise(q).folder / "reference.py"
    with spec.build() as grader:
        return float(grader.grade(q, reference, seed).max_score)


def with_points(report: BatchReport, q: CodingQuestion, spec: GraderSpec, entry: str) -> BatchReport:
    """The report with what the platforms' views need besides the verdicts: the function's name
    (for test_code) and, when some verdict never reached the cases, the exercise's points."""
    extra = {**report.extra, "entry": entry}
    if any(r.verdict.max_score <= 0 for r in report.rows):
        known = max((r.verdict.max_score for r in report.rows), default=0.0)
        extra["max_score"] = known or exercise_points(q, spec, report.seed)
    return replace(report, extra=extra)


def upload_seed(secret: int, sub: Submission) -> int:
    """The hidden cases' seed for one upload: the bundle's secret mixed with the upload's hash.
    A run sees its own cases' inputs (it computes on them) and may print them; with the seed tied
    to the file's bytes, what one upload prints says nothing about the cases of any other upload,
    resubmissions included, while the same file always meets the same cases."""
    mixed = hashlib.sha256(f"{secret}:{sub.digest}".encode()).digest()
    return int.from_bytes(mixed[:4], "big") & 0x7FFFFFFF
