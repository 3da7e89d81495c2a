"""Hints and worked solutions of a coding exercise: `reference_impls/<exercise>/coach.yaml`.

Three hints climb from a nudge to the decisive lines; the worked solution explains the reference
and the usual wrong turns (the exercise's mutants). `dlprep hint` / `dlprep solution` and the
quiz's `h` show them; each view is recorded in the progress store, and the scheduler caps the
rating of a later pass (`scheduler.capped`).

The ladder: the next level to show is one above the highest hint seen since the question was last
passed (a failed attempt keeps the climb, a pass starts the next review at the nudge again). Level
4 is the worked solution.

A file is read only when asked for (never at start-up); a broken one is one line naming the file
and line, as bank errors are.
"""

from __future__ import annotations

import functools
import re
import textwrap
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from pydantic import Field, ValidationError

from dlprep import cjk, paths
from dlprep.bank import Catalog, LoadedQuestion, _display, _node_at, _where
from dlprep.errors import CoachError, DlprepError, NotFound, UsageError
from dlprep.models import CodingQuestion, Strict, Text
from dlprep.store import SOLUTION_LEVEL, Store

FILE = "coach.yaml"
LEVELS = 3
SOLUTION = SOLUTION_LEVEL  # the level number the ladder (and the store) gives the worked solution

try:
    _Loader: Any = yaml.CSafeLoader
except AttributeError:  # pragma: no cover
    _Loader = yaml.SafeLoader


class Coach(Strict):
    """The schema of one coach.yaml: exactly three hints and a solution, each in both languages."""

    hints: list[Text] = Field(min_length=LEVELS, max_length=LEVELS,
                              description="Level 1 a nudge, 2 the approach, 3 the key lines.")
    solution: Text = Field(description="The reference step by step, its code, then the wrong turns.")

    def text(self, level: int, lang: str) -> str:
        """Hint `level` (1-3) or, for level 4, the worked solution."""
        if level == SOLUTION:
            return self.solution.get(lang)
        if not 1 <= level <= LEVELS:
            raise UsageError(f"--level must be 1 to {LEVELS}")
        return self.hints[level - 1].get(lang)


@dataclass(frozen=True)
class Located:
    """A loaded coach file with its YAML node tree, so that lint can point at a field's line."""

    coach: Coach
    path: Path
    root: yaml.Node

    def where(self, loc: tuple[int | str, ...]) -> str:
        return _where(self.path, _node_at(self.root, loc))


def path_of(exercise: str, exercises: Path | None = None) -> Path:
    return (exercises or paths.exercises_dir()) / exercise / FILE


def read(path: Path) -> Located:
    """Parse and validate one file; CoachError with one line per problem (file:line:col first)."""
    where = _display(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CoachError(f"{where}: missing - write the hints and worked solution") from None
    except (OSError, UnicodeDecodeError) as e:
        raise CoachError(f"{where}:1:1: cannot read file ({e}) - check the path and encoding") from None
    try:
        # Folded Chinese lines join without a space, exactly as in the banks.
        data = cjk.unmark(yaml.load(cjk.mark_folds(text), Loader=_Loader))
        root = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        raise CoachError(f"{where}:{line}:{col}: malformed YAML: {e.problem} - fix the syntax") from None
    except yaml.YAMLError as e:
        raise CoachError(f"{where}:1:1: malformed YAML: {e} - fix the syntax") from None
    if data is None or root is None:
        raise CoachError(f"{where}:1:1: empty file - add `hints` and `solution`")
    try:
        coach = Coach.model_validate(data)
    except ValidationError as e:
        lines = []
        for err in e.errors():
            loc = tuple(err["loc"])
            field = ".".join(map(str, loc)) or "file"
            lines.append(f"{_where(path, _node_at(root, loc))}: {field}: {err['msg']}")
        raise CoachError("\n".join(lines)) from None
    return Located(coach, path, root)


@functools.lru_cache(maxsize=16)
def _cached(path: Path, mtime: float) -> Coach:
    return read(path).coach


def load(exercise: str, exercises: Path | None = None) -> Coach:
    """The coach of an exercise (re-read when the file changes)."""
    path = path_of(exercise, exercises)
    try:
        mtime = path.stat().st_mtime
    except OSError:
        raise NotFound(f"no hints yet for exercise {exercise!r} ({_display(path)} is missing)") from None
    return _cached(path, mtime)


FENCE = re.compile(r"^[ \t]*```[^\n]*\n(.*?)^[ \t]*```[ \t]*$", re.MULTILINE | re.DOTALL)  # a fenced code block


def whole_solution(q: CodingQuestion, exercises: Path | None = None) -> str | None:
    """The file a candidate gets by pasting the coach's solution into the starter, when the solution
    gives the whole answer in one fenced block (one that defines the entry point); None otherwise.
    The starter keeps its imports and given helpers, the solution's definitions replace its stubs.
    verify grades it like any right answer: a worked solution that fails the grader teaches a bug."""
    folder = exercises or paths.exercises_dir()
    if not path_of(q.exercise, folder).is_file():
        return None
    blocks = FENCE.findall(load(q.exercise, folder).solution.en)
    whole = [b for b in blocks if f"def {q.entry}(" in b or f"class {q.entry}" in b]
    if not whole:
        return None
    starter = (folder / q.exercise / "starter.py").read_text(encoding="utf-8")
    return starter + "\n\n" + textwrap.dedent(whole[0])


def find(catalog: Catalog, key: str) -> LoadedQuestion:
    """A coding question by its id or by its exercise's name."""
    if key in catalog.questions:
        lq = catalog.questions[key]
        if not isinstance(lq.q, CodingQuestion):
            raise UsageError(f"{key} is a {lq.q.type} question; hints and solutions belong to coding exercises")
        return lq
    coding = [lq for lq in catalog.questions.values() if isinstance(lq.q, CodingQuestion)]
    for lq in coding:
        if lq.q.exercise == key:
            return lq
    return catalog.get(key)  # NotFound with suggestions among every id


def next_level(seen: Iterable[int]) -> int:
    """The level to show next: one above the highest hint level in `seen` (hint levels seen since the
    last pass); SOLUTION once all three hints have been seen."""
    return min(max((lvl for lvl in seen if 1 <= lvl <= LEVELS), default=0) + 1, SOLUTION)


def pointer(store: Store, question_id: str, exercise: str) -> int | None:
    """The level a failed attempt points to next, or None when the exercise has no (valid) coach."""
    try:
        load(exercise)
    except DlprepError:
        return None
    return next_level(store.help_since_pass(question_id))
