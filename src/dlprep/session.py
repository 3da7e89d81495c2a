"""A quiz or review session as a state machine, with no terminal I/O.

The CLI shows `current`, reads a line and calls `answer` / `rate` / `grade_coding` / `skip` /
`undo`. Every grade is written to the store in its own transaction before the call returns, so a
killed session loses at most the answer being typed. Nothing here imports torch: only a coding
question loads the grader (lazily), and `output` answers are compared with the bank's key text.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from dlprep import answers, scheduler
from dlprep.bank import Catalog, LoadedQuestion
from dlprep.errors import DlprepError, UsageError
from dlprep.models import (
    QUESTION_TYPES,
    ChoiceQuestion,
    CodingQuestion,
    OpenQuestion,
    OutputQuestion,
    ShortQuestion,
    TrueFalseQuestion,
)
from dlprep.store import Recorded, Store, now_utc

LETTERS = "abcdefghijklmnopqrstuvwxyz"
DIFFICULTIES = ("easy", "medium", "hard")


class InvalidAnswer(DlprepError):
    """Input that cannot be judged (a letter out of range, 'x' for true/false): ask again."""


class GraderUnavailable(DlprepError):
    """The coding grader cannot be loaded; the session skips coding questions."""


@dataclass(frozen=True)
class Item:
    question: Any  # one of the Question models
    topic: str
    order: tuple[str, ...] | None = None  # choice ids in the order shown (shuffled per session)
    mode: str = "quiz"  # how it is recorded: quiz, review or cram

    @property
    def id(self) -> str:
        return str(self.question.id)

    @property
    def type(self) -> str:
        return str(self.question.type)


@dataclass(frozen=True)
class Outcome:
    index: int  # position of the item in the session
    correct: bool
    rating: int
    given: str  # what was recorded as the answer
    recorded: Recorded


# --- choosing questions ---------------------------------------------------------------------

def _item(lq: LoadedQuestion, rng: random.Random, mode: str) -> Item:
    order = None
    if isinstance(lq.q, ChoiceQuestion):
        ids = [c.id for c in lq.q.choices]
        rng.shuffle(ids)
        order = tuple(ids)
    return Item(lq.q, lq.topic, order, mode)


def _filter(catalog: Catalog, topics: Sequence[str], types: Sequence[str],
            difficulty: str | None) -> list[LoadedQuestion]:
    for t in topics:
        catalog.topic(t)  # unknown topics fail with suggestions
    for t in types:
        if t not in QUESTION_TYPES:
            raise UsageError(f"unknown type {t!r}; use one of {', '.join(QUESTION_TYPES)}")
    if difficulty is not None and difficulty not in DIFFICULTIES:
        raise UsageError(f"unknown difficulty {difficulty!r}; use one of {', '.join(DIFFICULTIES)}")
    # Curriculum order: topics as listed in topics.yaml, questions as written in each bank.
    return _gradable([
        lq
        for tid in catalog.topic_ids() if not topics or tid in topics
        for lq in catalog.by_topic.get(tid, [])
        if (not types or lq.q.type in types) and difficulty in (None, lq.q.difficulty)
    ])


def _gradable(pool: list[LoadedQuestion]) -> list[LoadedQuestion]:
    """Leave out the coding questions this machine cannot grade (a `requires` it lacks, such as a GPU).
    Other questions stay: they are judged against the bank's key, nothing runs, so a GPU question
    can be learnt on a laptop. Only a pool with such a coding question pays for the check (torch)."""
    needs = [lq for lq in pool if isinstance(lq.q, CodingQuestion) and lq.q.requires]
    if not needs:
        return pool
    from dlprep.requires import environment

    env = environment()
    left_out = {lq.id for lq in needs if env.lacks(lq.q.requires)}
    return [lq for lq in pool if lq.id not in left_out]


def quiz_items(catalog: Catalog, topics: Sequence[str] = (), types: Sequence[str] = (),
               difficulty: str | None = None, count: int = 20, seed: int | None = None) -> list[Item]:
    """A random draw of `count` questions matching the filters; `seed` makes it repeatable."""
    if count < 1:
        raise UsageError("--count must be at least 1")
    pool = _filter(catalog, topics, types, difficulty)
    if not pool:
        raise UsageError("no questions match these filters; see `dlprep list`")
    rng = random.Random(seed)
    picked = rng.sample(pool, min(count, len(pool)))
    return [_item(lq, rng, "quiz") for lq in picked]


def review_items(catalog: Catalog, store: Store, now: datetime, new: int = 10, limit: int = 50,
                 ahead: bool = False, topics: Sequence[str] = (), seed: int | None = None) -> list[Item]:
    """Due questions first, then (with `ahead`) those due soonest, then at most `new` unseen ones."""
    if limit < 1 or new < 0:
        raise UsageError("--limit must be at least 1 and --new at least 0")
    pool = {lq.id: lq for lq in _filter(catalog, topics, (), None)}
    planned = scheduler.plan(store.cards(), list(pool), now, new, limit, ahead)
    rng = random.Random(seed)
    return [_item(pool[p.question_id], rng, "cram" if p.kind == "ahead" else "review") for p in planned]


# --- the session ----------------------------------------------------------------------------

class Session:
    def __init__(
        self,
        items: Sequence[Item],
        store: Store,
        sched: scheduler.Scheduler | None = None,
        clock: Callable[[], datetime] = now_utc,
        timer: Callable[[], float] = time.monotonic,
    ) -> None:
        self.items = list(items)
        self.store = store
        self.sched = sched or scheduler.Scheduler()
        self.clock, self.timer = clock, timer
        self.pos = 0
        self.outcomes: list[Outcome] = []  # the undo stack, oldest first
        self.skipped: set[int] = set()
        self._shown_at = timer()
        self._hinted = False
        self._grader: Any = None

    # where we are

    @property
    def current(self) -> Item | None:
        return self.items[self.pos] if self.pos < len(self.items) else None

    @property
    def done(self) -> bool:
        return self.current is None

    @property
    def total(self) -> int:
        return len(self.items)

    @property
    def answered(self) -> int:
        return len(self.outcomes)

    @property
    def correct(self) -> int:
        return sum(o.correct for o in self.outcomes)

    def present(self) -> Item | None:
        """Call when the current question goes on screen: starts its clock."""
        self._shown_at = self.timer()
        return self.current

    def _need(self, *types: type) -> Item:
        item = self.current
        if item is None:
            raise UsageError("the session is over")
        if types and not isinstance(item.question, types):
            raise UsageError(f"{item.id} is a {item.type} question")
        return item

    # answering

    def judge(self, text: str) -> tuple[bool, str]:
        """(correct, canonical answer to record) for choice, true_false, short and output questions."""
        item = self._need(ChoiceQuestion, TrueFalseQuestion, ShortQuestion, OutputQuestion)
        q = item.question
        if isinstance(q, ChoiceQuestion):
            order = item.order or tuple(c.id for c in q.choices)
            letters = answers.parse_letters(text)
            bad = [x for x in letters if LETTERS.index(x) >= len(order)]
            if not letters or bad:
                raise InvalidAnswer(f"answer with letters a-{LETTERS[len(order) - 1]}")
            ids = sorted(order[LETTERS.index(x)] for x in letters)
            return answers.judge_choice(q, ids), " ".join(ids)
        if isinstance(q, TrueFalseQuestion):
            value = answers.parse_bool(text)
            if value is None:
                raise InvalidAnswer("answer t (true) or f (false)")
            return answers.judge_true_false(q, value), "true" if value else "false"
        if not text.strip():
            raise InvalidAnswer("type an answer, or s to skip")
        if isinstance(q, ShortQuestion):
            return answers.judge_short(q, text), text.strip()
        return answers.same_output(text, q.expected), text

    def answer(self, text: str) -> Outcome:
        """Judge and record an answer to a choice, true_false, short or output question."""
        correct, given = self.judge(text)
        return self._record(correct, scheduler.rating_for(correct, self._hinted), given)

    def rate(self, rating: int, given: str = "") -> Outcome:
        """Record a self-rated open question (1 again .. 4 easy)."""
        self._need(OpenQuestion)
        if rating not in scheduler.RATING_NAMES:
            raise InvalidAnswer("rate 1 again, 2 hard, 3 good or 4 easy")
        return self._record(scheduler.correct_for(rating), rating, given)

    def _record(self, correct: bool, rating: int, given: str) -> Outcome:
        item = self._need()
        at = self.clock()
        ms = int((self.timer() - self._shown_at) * 1000)
        rec = self.store.record(
            item.id, rating, correct, given, ms, item.mode,
            lambda card: self.sched.review(card, item.id, rating, at), at=at,
        )
        out = Outcome(self.pos, correct, rating, given, rec)
        self.outcomes.append(out)
        self.skipped.discard(self.pos)
        self._advance()
        return out

    def _advance(self) -> None:
        self.pos += 1
        self._hinted = False

    def skip(self) -> None:
        self._need()
        self.skipped.add(self.pos)
        self._advance()

    def undo(self) -> Outcome | None:
        """Take back the last grade and go back to that question; None if nothing to undo."""
        if not self.outcomes:
            return None
        out = self.outcomes[-1]
        self.store.undo(out.recorded)  # first: if the store fails, the session stays as it was
        self.outcomes.pop()
        self.pos = out.index
        self._hinted = False
        return out

    def hint(self, lang: str) -> str | None:
        """Open: the first rubric point. Choice: how many answers to pick. Else None.
        A right answer after a hint rates Hard instead of Good."""
        q = self._need().question
        text = None
        if isinstance(q, OpenQuestion):
            text = q.rubric[0].get(lang)
        elif isinstance(q, ChoiceQuestion):
            n = len(q.answer)
            if n > 1:
                text = f"选 {n} 项" if lang == "zh" else f"pick {n}"
            else:
                text = "单选" if lang == "zh" else "pick one"
        if text is not None:
            self._hinted = True
        return text

    # coding questions

    def _get_grader(self) -> Any:
        if self._grader is None:
            try:
                # Lazy: the grader's warm worker imports torch; only a coding question pays for it.
                from dlprep.checkers.grader import Grader  # type: ignore[import-not-found,unused-ignore]
            except ImportError as e:
                raise GraderUnavailable(f"grader not available ({e})") from None
            self._grader = Grader()
        return self._grader

    def write_starter(self, dest_dir: Path) -> tuple[Path, bool]:
        """(file to edit, whether it is a fresh starter). An earlier file for the same exercise is
        kept, never overwritten: it may hold the user's work from a previous session."""
        q = self._need(CodingQuestion).question
        grader = self._get_grader()  # fails here, before the user edits anything
        earlier = Path(dest_dir) / f"{q.exercise}.py"
        if earlier.is_file():
            return earlier, False
        try:  # the grader treats a destination that is not an existing folder as the file name
            Path(dest_dir).mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise UsageError(f"cannot create {dest_dir}: {e}") from None
        return Path(grader.write_starter(q, Path(dest_dir))), True

    def grade_coding(self, path: Path) -> tuple[Outcome | None, Any]:
        """Grade the solution file: pass rates Good, fail/error/timeout Again. A starter left as it
        was ("unattempted") is a skip, not a failed recall: (None, verdict), nothing recorded."""
        item = self._need(CodingQuestion)
        verdict = self._get_grader().grade(item.question, path)
        if verdict.status == "unattempted":
            self.skip()
            return None, verdict
        correct = verdict.status == "pass"
        try:
            source = Path(path).read_text(encoding="utf-8", errors="replace")
        except OSError:
            source = str(path)
        return self._record(correct, scheduler.rating_for(correct), source), verdict

    def close(self) -> None:
        if self._grader is not None:
            self._grader.close()
            self._grader = None
