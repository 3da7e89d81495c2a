"""A quiz or review session as a state machine, with no terminal I/O.

The CLI shows `current`, reads a line and calls `answer` / `rate` / `grade_coding` / `skip` /
`undo`. Every grade is written to the store in its own transaction before the call returns, so a
killed session loses at most the answer being typed. Nothing here imports torch: only a coding
question loads the grader, and a short answer that is code the sandbox (both lazily); `output`
answers are compared with the bank's key text (dlprep.judging).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from dlprep import coach, models, scheduler, uploads
from dlprep.bank import Catalog, LoadedQuestion
from dlprep.errors import DlprepError, UsageError
from dlprep.judging import JUDGED_TYPES, LETTERS, InvalidAnswer, Judgement, judge
from dlprep.store import Recorded, Store, now_utc

__all__ = ["LETTERS", "InvalidAnswer", "Item", "Outcome", "Session", "quiz_items", "review_items"]
DIFFICULTIES = ("easy", "medium", "hard")


class GraderUnavailable(DlprepError):
    """The coding grader cannot be loaded; the session skips coding questions."""


@dataclass(frozen=True)
class Item:
    question: Any  # one of the Question models
    topic: str
    order: tuple[str, ...] | None = None  # choice ids in the order shown (shuffled per session)
    mode: str = "quiz"  # how it is recorded: quiz, review or cram
    variant: tuple[tuple[str, str | int | float], ...] = ()  # a parametrised output question: the drawn values

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
    judgement: Judgement | None = None  # how a typed answer was judged (the output line diff)


# --- choosing questions ---------------------------------------------------------------------

def _item(lq: LoadedQuestion, rng: random.Random, mode: str) -> Item:
    order = None
    if isinstance(lq.q, models.ChoiceQuestion):
        ids = [c.id for c in lq.q.choices]
        rng.shuffle(ids)
        order = tuple(ids)
    if isinstance(lq.q, models.OutputQuestion) and lq.q.params:
        # A fresh draw each time it is asked; its key is computed when it is shown (Session.present).
        from dlprep import variants

        values = variants.draw(lq.q, rng)
        return Item(lq.q.variant(values, ""), lq.topic, order, mode, tuple(sorted(values.items())))
    return Item(lq.q, lq.topic, order, mode)


def _filter(catalog: Catalog, topics: Sequence[str], types: Sequence[str],
            difficulty: str | None) -> list[LoadedQuestion]:
    for t in topics:
        catalog.topic(t)  # unknown topics fail with suggestions
    for t in types:
        if t not in models.QUESTION_TYPES:
            raise UsageError(f"unknown type {t!r}; use one of {', '.join(models.QUESTION_TYPES)}")
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
    needs = [lq for lq in pool if isinstance(lq.q, models.CodingQuestion) and lq.q.requires]
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


def daily_left(store: Store, now: datetime, cap: int, limit: int) -> tuple[int, int]:
    """(how many reviews this session may still ask, reviews done today): `review --max`. Today is
    the local calendar day; review and cram answers count, quiz and interview answers do not."""
    if cap < 0:
        raise UsageError("--max must be at least 0")
    midnight = now.astimezone().replace(hour=0, minute=0, second=0, microsecond=0)
    done = store.reviews_since(midnight, ("review", "cram"))
    return max(0, min(limit, cap - done)), done


def _runs_code(item: Item) -> bool:
    """Whether answering this item runs something in the sandbox (a code judge, a spot-the-bug
    input, a variant's key): the session then starts the worker ahead, in the background."""
    q = item.question
    return (bool(item.variant) or isinstance(q, models.SpotBugQuestion)
            or (isinstance(q, models.ShortQuestion) and bool(q.judge)))


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
        self.sched = sched or scheduler.Scheduler.for_user(store)  # the user's retention and parameters
        self.clock, self.timer = clock, timer
        self.pos = 0
        self.outcomes: list[Outcome] = []  # the undo stack, oldest first
        self.skipped: set[int] = set()
        self._shown_at = timer()
        self._hinted = False
        self._coach_next: int | None = None  # the hint ladder of the current coding question
        self._grader: Any = None
        self._code_judge: Any = None
        self._keys: Any = None  # dlprep.variants.Keys, once a variant comes up

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
        """Call when the current question goes on screen: starts its clock. When a question ahead
        is a code answer judged by running it, the sandbox worker starts now, in the background:
        its torch import takes seconds, best spent while earlier questions are answered."""
        self._shown_at = self.timer()
        if self._code_judge is None and any(_runs_code(it) for it in self.items[self.pos:]):
            self._get_code_judge().warm()
        # A variant's key is computed while the user reads: this one's, and the next variant's already
        # (a snippet that starts DataLoader workers can take longer than one reading).
        ahead = [p for p in range(self.pos, len(self.items)) if self.items[p].variant]
        for pos in ahead[:1] if ahead and ahead[0] > self.pos else ahead[:2]:
            self._variant_keys().start(self._variant_name(pos), self.items[pos].question.code)
        return self.current

    def _variant_keys(self) -> Any:
        if self._keys is None:
            from dlprep.variants import Keys

            self._keys = Keys(self._get_code_judge())
        return self._keys

    def _variant_name(self, pos: int | None = None) -> str:
        pos = self.pos if pos is None else pos
        return f"{self.items[pos].id}#{pos}" if pos < len(self.items) else ""

    def variant_key(self) -> str:
        """The current variant's key (waits for its computation if it is still running); the item
        is replaced by the one that carries it, so the answer shown afterwards is this draw's."""
        item = self._need(models.OutputQuestion)
        from dlprep.variants import VariantError

        try:
            key = str(self._variant_keys().get(self._variant_name(), item.question.code))
        except VariantError as e:
            raise InvalidAnswer(f"{e}; press s to skip") from None
        self.items[self.pos] = Item(item.question.model_copy(update={"expected": key}), item.topic, item.order,
                                    item.mode, item.variant)
        return key

    def _need(self, *types: type) -> Item:
        item = self.current
        if item is None:
            raise UsageError("the session is over")
        if types and not isinstance(item.question, types):
            raise UsageError(f"{item.id} is a {item.type} question")
        return item

    # answering

    def judgement(self, text: str) -> Judgement:
        """Judge a typed answer to the current choice, true_false, short or output question."""
        item = self._need(*JUDGED_TYPES)
        if item.variant and text.strip():
            self.variant_key()
            item = self._need()
        q = item.question
        code_judge = self._get_code_judge() if _runs_code(item) else None
        return judge(q, text, item.order, code_judge)

    def judge(self, text: str) -> tuple[bool, str]:
        """(correct, canonical answer to record)."""
        j = self.judgement(text)
        return j.correct, j.given

    def answer(self, text: str) -> Outcome:
        """Judge and record an answer to a choice, true_false, short or output question."""
        j = self.judgement(text)
        return self._record(j.correct, scheduler.rating_for(j.correct, self._hinted), j.given, j)

    def rate(self, rating: int, given: str = "") -> Outcome:
        """Record a self-rated open question (1 again .. 4 easy)."""
        self._need(models.OpenQuestion)
        if rating not in scheduler.RATING_NAMES:
            raise InvalidAnswer("rate 1 again, 2 hard, 3 good or 4 easy")
        return self._record(scheduler.correct_for(rating), rating, given)

    def _record(self, correct: bool, rating: int, given: str, j: Judgement | None = None) -> Outcome:
        item = self._need()
        at = self.clock()
        ms = int((self.timer() - self._shown_at) * 1000)
        rating = scheduler.capped(rating, self.store.help_since_review(item.id))  # hints/solution seen
        rec = self.store.record(
            item.id, rating, correct, given, ms, item.mode,
            lambda card: self.sched.review(card, item.id, rating, at), at=at,
        )
        out = Outcome(self.pos, correct, rating, given, rec, j)
        self.outcomes.append(out)
        self.skipped.discard(self.pos)
        self._advance()
        return out

    def _advance(self) -> None:
        self.pos += 1
        self._hinted = False
        self._coach_next = None

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
        self._coach_next = None
        return out

    def hint(self, lang: str) -> str | None:
        """Open: the first rubric point. Choice: how many answers to pick. Else None.
        A right answer after a hint rates Hard instead of Good."""
        q = self._need().question
        text = None
        if isinstance(q, models.OpenQuestion):
            text = q.rubric[0].get(lang)
        elif isinstance(q, models.ChoiceQuestion):
            n = len(q.answer)
            if n > 1:
                text = f"选 {n} 项" if lang == "zh" else f"pick {n}"
            else:
                text = "单选" if lang == "zh" else "pick one"
        if text is not None:
            self._hinted = True
        return text

    def _get_code_judge(self) -> Any:
        if self._code_judge is None:
            from dlprep.code_judge import CodeJudge

            self._code_judge = CodeJudge()
        return self._code_judge

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
        q = self._need(models.CodingQuestion).question
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
        item = self._need(models.CodingQuestion)
        verdict = self._get_grader().grade(item.question, path)
        return self.record_verdict(verdict, path), verdict

    def record_verdict(self, verdict: Any, path: Path) -> Outcome | None:
        """Record a verdict on the current coding question (also `dlprep submit`'s, graded outside
        a session): pass rates Good (capped by the hints seen), anything else Again; an untouched
        starter is a skip."""
        self._need(models.CodingQuestion)
        if verdict.status == "unattempted":
            self.skip()
            return None
        correct = verdict.status == "pass"
        try:  # read as the grader read it: a regular file, no link followed (dlprep.uploads)
            source = uploads.read_solution(Path(path))
        except uploads.Refused:
            source = str(path)
        return self._record(correct, scheduler.rating_for(correct), source)

    # hints and worked solutions of coding questions (dlprep.coach)

    def coach_next(self) -> int:
        """The level `h` shows next on the current coding question: 1-3 a hint, coach.SOLUTION the
        worked solution. Starts above the hints seen since the question was last passed."""
        item = self._need(models.CodingQuestion)
        if self._coach_next is None:
            self._coach_next = coach.next_level(self.store.help_since_pass(item.id))
        return self._coach_next

    def coach_show(self, level: int, lang: str) -> str:
        """The text of `level`, recorded as seen before it is returned (NotFound without a coach.yaml)."""
        item = self._need(models.CodingQuestion)
        text = coach.load(item.question.exercise).text(level, lang)
        self.store.record_view(item.id, level, self.clock())
        self._coach_next = min(max(self.coach_next(), level + 1), coach.SOLUTION)
        return text

    def close(self) -> None:
        if self._code_judge is not None:
            self._code_judge.close()
            self._code_judge = None
        if self._grader is not None:
            self._grader.close()
            self._grader = None
