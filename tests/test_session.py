"""The session state machine (order, judging, recording, undo, hints, coding via the grader
interface), question selection for `quiz` and `review`, and the numbers behind `stats`.

`write_banks` builds the temporary banks that the pty tests use as well: the real topics.yaml and
tensor.storage-stride bank plus a small bank with every question type (the banks in questions/
are being edited by others; a copy keeps these tests stable)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import textwrap
import types
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from dlprep import bank, session, stats
from dlprep.bank import Catalog
from dlprep.errors import NotFound, UsageError
from dlprep.scheduler import AGAIN, EASY, GOOD, HARD
from dlprep.session import GraderUnavailable, InvalidAnswer, Item, Session
from dlprep.store import Store
from tests.banks import bank_fixture, linked_exercises

REPO = Path(__file__).resolve().parents[1]
TOPIC = "tensor.contiguity"

SMALL_BANK = bank_fixture("session_small.yaml")


def write_banks(root: Path, own: tuple[str, ...] = ()) -> tuple[Path, Path]:
    """(banks dir, exercises dir) for DLPREP_BANKS / DLPREP_EXERCISES. Every exercise is there,
    since the copied bank's coding questions name theirs (lint checks the folders); those in `own`
    as copies the caller may edit (tests.banks.linked_exercises)."""
    banks, ex = root / "banks", root / "exercises"
    banks.mkdir(parents=True)
    for name in ("topics.yaml", "tensor.storage-stride.yaml"):
        shutil.copy(REPO / "questions" / name, banks / name)
    (banks / f"{TOPIC}.yaml").write_text(SMALL_BANK, encoding="utf-8")
    return banks, linked_exercises(ex, own)


@pytest.fixture
def banks(tmp_path: Path) -> tuple[Path, Path]:
    return write_banks(tmp_path)


def load(banks: tuple[Path, Path]) -> Catalog:
    catalog, problems = bank.load_catalog(banks=banks[0], exercises=banks[1])
    assert not problems and catalog is not None
    return catalog


@pytest.fixture
def catalog(banks: tuple[Path, Path]) -> Catalog:
    return load(banks)


@pytest.fixture
def st(tmp_path: Path) -> Iterator[Store]:
    with Store(tmp_path / "progress.sqlite3") as s:
        yield s


class FakeTime:
    """A wall clock and a monotonic timer that move only when told."""

    def __init__(self) -> None:
        self.now = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)
        self.mono = 100.0

    def clock(self) -> datetime:
        return self.now

    def timer(self) -> float:
        return self.mono

    def wait(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)
        self.mono += seconds


def item(catalog: Catalog, qid: str, mode: str = "quiz", order: tuple[str, ...] | None = None) -> Item:
    lq = catalog.get(qid)
    return Item(lq.q, lq.topic, order, mode)


def make(catalog: Catalog, st: Store, *qids: str, ft: FakeTime | None = None) -> Session:
    ft = ft or FakeTime()
    return Session([item(catalog, f"{TOPIC}.{q}") for q in qids], st, clock=ft.clock, timer=ft.timer)


# --- choosing questions ---------------------------------------------------------------------

def test_quiz_items_filter_count_and_seed(catalog: Catalog) -> None:
    a = session.quiz_items(catalog, [TOPIC], count=5, seed=7)
    assert len(a) == 5 and len({i.id for i in a}) == 5 and all(i.topic == TOPIC for i in a)
    assert [i.id for i in a] == [i.id for i in session.quiz_items(catalog, [TOPIC], count=5, seed=7)]
    drawn = session.quiz_items(catalog, [TOPIC], count=99)  # never more than there are
    assert len([i for i in drawn if i.type != "spot_bug"]) == 9  # (the coding question brings generated cards)
    only = session.quiz_items(catalog, types=["choice", "true_false"], difficulty="hard", count=50)
    assert {i.id for i in only} == {f"{TOPIC}.t-multi"}
    multi = session.quiz_items(catalog, [TOPIC], ["choice"], count=50)
    assert all(i.order is not None and sorted(i.order) == sorted(c.id for c in i.question.choices) for i in multi)
    assert all(i.mode == "quiz" for i in a)


def test_quiz_items_reject_bad_filters(catalog: Catalog) -> None:
    with pytest.raises(NotFound, match="did you mean tensor.contiguity"):
        session.quiz_items(catalog, ["tensor.contiguty"])
    with pytest.raises(UsageError, match="unknown type"):
        session.quiz_items(catalog, types=["essay"])
    with pytest.raises(UsageError, match="unknown difficulty"):
        session.quiz_items(catalog, difficulty="brutal")
    with pytest.raises(UsageError, match="no questions match"):
        session.quiz_items(catalog, ["tensor.matmul"])
    with pytest.raises(UsageError, match="at least 1"):
        session.quiz_items(catalog, count=0)


def test_choices_are_shuffled_per_session_and_letters_follow_the_shown_order(catalog: Catalog) -> None:
    orders = {session.quiz_items(catalog, [TOPIC], ["choice"], count=1, seed=s)[0].order for s in range(40)}
    assert len(orders) > 3  # the order really changes between sessions


def test_choice_letters_map_through_the_displayed_order(catalog: Catalog, st: Store) -> None:
    shown = ("d", "b", "a", "c")  # b) on screen is choice b, c) is choice a ...
    sess = Session([item(catalog, f"{TOPIC}.t-choice", order=shown)], st)
    assert sess.judge("B") == (True, "b")
    assert sess.judge("c") == (False, "a")
    with pytest.raises(InvalidAnswer, match="a-d"):
        sess.judge("e")
    with pytest.raises(InvalidAnswer):
        sess.judge("  ")
    out = sess.answer("b")
    assert out.correct and st.reviews()[0].answer == "b"


# --- answering ------------------------------------------------------------------------------

def test_every_type_is_judged_and_recorded_at_once(catalog: Catalog, st: Store) -> None:
    ft = FakeTime()
    sess = make(catalog, st, "t-choice", "t-multi", "t-tf", "t-short", "t-output", "t-output2", "t-open", ft=ft)
    answers = [
        ("b", True),
        ("a, C", True),  # several letters, any separator
        ("错", True),  # 对/错 count as true/false
        ("  X.Contiguous() ", True),  # the bank's normalisation and accepted answers
        ("False  \nTrue\n\n", True),  # trailing white space forgiven, like verify
        ("[3, 1]", False),  # output is exact text, not a sequence match
    ]
    for n, (text, right) in enumerate(answers, start=1):
        sess.present()
        ft.wait(2.5)
        out = sess.answer(text)
        assert out.correct is right
        assert st.count_reviews() == n  # committed before the next question is shown
    sess.present()
    out = sess.rate(HARD, "strides")
    assert (out.correct, out.rating) == (True, HARD)
    assert sess.done and (sess.answered, sess.correct) == (7, 6)
    rows = st.reviews()
    assert [r.rating for r in rows] == [GOOD] * 5 + [AGAIN, HARD]
    assert [r.answer for r in rows][:4] == ["b", "a c", "false", "X.Contiguous()"]
    assert rows[5].answer == "[3, 1]" and rows[6].answer == "strides"
    assert {r.mode for r in rows} == {"quiz"} and rows[0].duration_ms == 2500
    assert all(st.card(r.question_id) is not None for r in rows)


def test_invalid_input_records_nothing_and_stays(catalog: Catalog, st: Store) -> None:
    sess = make(catalog, st, "t-tf", "t-short")
    with pytest.raises(InvalidAnswer, match="t .true. or f"):
        sess.answer("maybe")
    assert sess.pos == 0 and st.count_reviews() == 0
    sess.answer("f")
    with pytest.raises(InvalidAnswer, match="type an answer"):
        sess.answer("   ")
    with pytest.raises(UsageError, match="short question"):
        sess.rate(GOOD)


def test_hint_makes_a_right_answer_hard(catalog: Catalog, st: Store) -> None:
    sess = make(catalog, st, "t-multi", "t-choice", "t-tf", "t-open")
    assert sess.hint("en") == "pick 2" and sess.hint("zh") == "选 2 项"
    assert sess.answer("a c").rating == HARD
    assert sess.answer("b").rating == GOOD  # the hint was for the previous question only
    assert sess.hint("en") is None
    sess.answer("f")
    assert sess.hint("en") == "view never copies" and sess.hint("zh") == "view 从不拷贝"
    assert sess.rate(EASY).rating == EASY  # self-ratings are used as given


def test_skip_and_undo(catalog: Catalog, st: Store) -> None:
    sess = make(catalog, st, "t-choice", "t-tf", "t-short")
    assert sess.undo() is None
    first = sess.answer("b")
    sess.answer("t")  # wrong
    sess.skip()
    assert sess.done and sess.skipped == {2} and st.count_reviews() == 2
    undone = sess.undo()
    assert undone is not None and undone.recorded.review.question_id == f"{TOPIC}.t-tf"
    assert sess.pos == 1 and sess.answered == 1 and st.count_reviews() == 1
    assert st.card(f"{TOPIC}.t-tf") is None  # a first review undone leaves no card
    sess.answer("f")  # answered again, right this time
    sess.answer("contiguous")
    assert sess.skipped == set() and (sess.answered, sess.correct) == (3, 3)
    sess.undo()
    sess.undo()
    assert sess.pos == 1 and st.card(f"{TOPIC}.t-choice") == first.recorded.after
    assert [r.question_id for r in st.reviews()] == [f"{TOPIC}.t-choice"]


def test_coding_without_grader_says_so(catalog: Catalog, st: Store, monkeypatch: pytest.MonkeyPatch,
                                       tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "dlprep.checkers.grader", None)  # import fails
    sess = make(catalog, st, "t-coding")
    with pytest.raises(GraderUnavailable, match="grader not available"):
        sess.write_starter(tmp_path)
    sess.skip()
    sess.close()
    assert st.count_reviews() == 0


def test_coding_uses_one_grader_per_session(catalog: Catalog, st: Store, monkeypatch: pytest.MonkeyPatch,
                                            tmp_path: Path) -> None:
    calls: list[str] = []

    class FakeGrader:
        def __init__(self) -> None:
            calls.append("init")

        def write_starter(self, q: Any, dest: Path) -> Path:
            calls.append("starter")
            p = Path(dest) / f"{q.exercise}.py"
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text("def solve(x):\n    return x.contiguous()\n")
            return p

        def grade(self, q: Any, path: Path) -> Any:
            calls.append("grade")
            status = ["pass", "fail", "unattempted"][calls.count("grade") - 1]
            return types.SimpleNamespace(status=status, score=10, max_score=10)

        def close(self) -> None:
            calls.append("close")

    monkeypatch.setitem(sys.modules, "dlprep.checkers.grader", types.SimpleNamespace(Grader=FakeGrader))
    sess = Session([item(catalog, f"{TOPIC}.t-coding")] * 3, st)
    for expected, fresh in ((GOOD, True), (AGAIN, False)):
        path, is_new = sess.write_starter(tmp_path / "solutions")
        assert is_new is fresh  # the second time the user's earlier file is kept
        out, verdict = sess.grade_coding(path)
        assert out is not None and out.rating == expected and out.correct is (verdict.status == "pass")
    out, verdict = sess.grade_coding(path)  # an untouched starter is a skip, not a failed recall
    assert out is None and verdict.status == "unattempted" and sess.skipped == {2} and sess.done
    sess.close()
    assert calls == ["init", "starter", "grade", "grade", "grade", "close"]
    assert st.count_reviews() == 2
    assert st.reviews()[0].answer == "def solve(x):\n    return x.contiguous()\n"  # the source is kept


# --- review ---------------------------------------------------------------------------------

def test_review_due_first_then_new_and_cram_mode(catalog: Catalog, st: Store) -> None:
    ft = FakeTime()
    sess = make(catalog, st, "t-choice", "t-tf", ft=ft)
    sess.answer("a")  # wrong: due again in a minute
    sess.answer("f")  # right: due in ten minutes
    ft.wait(120)
    got = session.review_items(catalog, st, ft.now, new=2, limit=10, topics=[TOPIC])
    assert [(i.id.split(".")[-1], i.mode) for i in got] == [
        ("t-choice", "review"), ("t-multi", "review"), ("t-tf2", "review")]  # due, then 2 new in bank order
    cram = session.review_items(catalog, st, ft.now, new=0, limit=10, ahead=True, topics=[TOPIC])
    assert [(i.id.split(".")[-1], i.mode) for i in cram] == [("t-choice", "review"), ("t-tf", "cram")]
    s2 = Session(cram, st, clock=ft.clock, timer=ft.timer)
    s2.answer("b")
    s2.answer("f")
    assert [r.mode for r in st.reviews()] == ["quiz", "quiz", "review", "cram"]
    with pytest.raises(UsageError):
        session.review_items(catalog, st, ft.now, limit=0)


def test_edited_question_keeps_its_progress(banks: tuple[Path, Path], st: Store) -> None:
    catalog = load(banks)
    ft = FakeTime()
    make(catalog, st, "t-tf", ft=ft).answer("t")  # wrong
    path = banks[0] / f"{TOPIC}.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        "A transposed 2-D tensor is contiguous.", "After .t(), a 2-D tensor is still contiguous."), encoding="utf-8")
    edited = load(banks)
    ft.wait(3600)
    due = session.review_items(edited, st, ft.now, new=0, topics=[TOPIC])
    assert [i.id for i in due] == [f"{TOPIC}.t-tf"]
    assert due[0].question.prompt.en.startswith("After .t()")


# --- stats ----------------------------------------------------------------------------------

def test_stats_numbers(banks: tuple[Path, Path], st: Store) -> None:
    catalog = load(banks)
    ft = FakeTime()
    sess = make(catalog, st, "t-choice", "t-tf", "t-short", "t-choice", ft=ft)
    sess.answer("b")
    sess.answer("t")  # wrong
    sess.answer("contiguous")
    ft.wait(86400)
    sess.answer("a")  # wrong, the next day
    # A question that was later removed from the banks keeps its history.
    st.record("gone.question", GOOD, True, "x", 5, "quiz", lambda c: _fresh("gone.question", ft.now), at=ft.now)

    s = stats.compute(catalog, st.cards(), st.reviews(), ft.now + timedelta(hours=1), tz=UTC)
    row = next(t for t in s.topics if t.topic == TOPIC)
    cards = sum(lq.q.type == "spot_bug" for lq in catalog.by_topic[TOPIC])  # generated from its coding question
    assert (row.questions, row.seen, row.reviews, row.correct, row.accuracy) == (9 + cards, 3, 4, 2, 0.5)
    assert row.due_now == 3 and row.due_week == 3
    assert row.retrievability is not None and 0 < row.retrievability <= 1
    assert s.totals["reviews"] == 5 and s.totals["removed_questions"] == 1
    assert s.daily == {"2026-06-01": 3, "2026-06-02": 2}
    assert s.totals["streak_days"] == 2
    assert s.weakest[0].id == f"{TOPIC}.t-tf"  # wrong a day ago: the lowest predicted recall
    assert all(w.id != "gone.question" for w in s.weakest)
    json.dumps(s.to_json())  # plain data all the way down

    only = stats.compute(catalog, st.cards(), st.reviews(), ft.now, topic=TOPIC, tz=UTC)
    assert [t.topic for t in only.topics] == [TOPIC] and only.totals["reviews"] == 4
    with pytest.raises(NotFound):
        stats.compute(catalog, {}, [], ft.now, topic="nope")


def _fresh(qid: str, at: datetime) -> Any:
    from dlprep.scheduler import Scheduler

    return Scheduler(fuzz=False).review(None, qid, GOOD, at)


def test_streak() -> None:
    d = datetime(2026, 1, 10).date()
    days = {d - timedelta(days=i) for i in (1, 2, 3, 5)}
    assert stats.streak(days, d) == 3  # today not yet practised: the streak still counts
    assert stats.streak(days | {d}, d) == 4
    assert stats.streak(set(), d) == 0


# --- start-up cost --------------------------------------------------------------------------

def test_a_session_without_coding_questions_never_imports_torch(banks: tuple[Path, Path], tmp_path: Path) -> None:
    script = textwrap.dedent(f"""
        import sys
        from pathlib import Path
        from dlprep import bank, session, stats
        from dlprep.cli import quiz  # the command module too
        from dlprep.store import Store, now_utc
        catalog, problems = bank.load_catalog(banks=Path({str(banks[0])!r}), exercises=Path({str(banks[1])!r}))
        assert not problems, problems
        items = session.quiz_items(catalog, ["{TOPIC}"], ["choice", "true_false", "short", "output", "open"], count=50)
        with Store(Path({str(tmp_path / 'p.sqlite3')!r})) as st:
            s = session.Session(items, st)
            while (it := s.present()) is not None:
                if it.type == "open":
                    s.rate(3)
                else:
                    try:
                        s.answer("a")
                    except session.InvalidAnswer:
                        s.answer("t")
            stats.compute(catalog, st.cards(), st.reviews(), now_utc())
            assert st.count_reviews() == 8
        print("torch" in sys.modules)
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
