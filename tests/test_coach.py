"""Hints and worked solutions (dlprep.coach): the coach.yaml loader and its errors, the text rules
lint applies to it, the store's record of what was seen, the rating rule (Hard after a hint, Again
after the solution) through the session and the scheduler, the hint ladder, `dlprep hint` /
`dlprep solution` / `dlprep submit`, and the quiz's `h`."""

from __future__ import annotations

import sqlite3
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from dlprep import coach, lint, scheduler, store
from dlprep.bank import Catalog
from dlprep.cli.app import app
from dlprep.errors import CoachError, NotFound, UsageError
from dlprep.scheduler import AGAIN, EASY, GOOD, HARD
from dlprep.session import Session
from dlprep.store import Store
from tests.banks import REPO
from tests.test_session import TOPIC, FakeTime, item, write_banks

QID = f"{TOPIC}.t-coding"
EXERCISE = "transpose_as_strided"

COACH = """\
# Hints and worked solution for transpose_as_strided.
hints:
  - en: >-
      Look at what `stride()` tells you.
    zh: >-
      看看 `stride()` 告诉你什么。
  - en: >-
      Swap 2 sizes and 2 strides.
    zh: >-
      交换 2 个 size 和 2 个 stride。
  - en: |-
      The key line:
      ```python
      return x.as_strided(size, stride)  # no copy
      ```
    zh: |-
      关键一行：
      ```python
      return x.as_strided(size, stride)  # 不拷贝
      ```
solution:
  en: |-
    Build the swapped lists, then call `as_strided`.
    ```python
    def solve(x, d0, d1):
        return x.as_strided(size, stride)
    ```
  zh: |-
    先构造交换后的列表，再调用 `as_strided`。
    ```python
    def solve(x, d0, d1):
        return x.as_strided(size, stride)
    ```
"""


@pytest.fixture
def ex(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Temporary banks and exercises (with a coach for the small bank's coding question) and home."""
    banks, exercises = write_banks(tmp_path, own=(EXERCISE,))
    (exercises / EXERCISE / "coach.yaml").write_text(COACH, encoding="utf-8")
    monkeypatch.setenv("DLPREP_BANKS", str(banks))
    monkeypatch.setenv("DLPREP_EXERCISES", str(exercises))
    monkeypatch.setenv("DLPREP_HOME", str(tmp_path / "home"))
    return exercises


@pytest.fixture
def catalog(ex: Path) -> Catalog:
    from dlprep import bank

    c, problems = bank.load_catalog()
    assert not problems and c is not None
    return c


@pytest.fixture
def st(tmp_path: Path) -> Iterator[Store]:
    with Store(tmp_path / "progress.sqlite3") as s:
        yield s


# --- the file ------------------------------------------------------------------------------------

def test_a_coach_loads_with_folded_chinese_joined(ex: Path) -> None:
    c = coach.load(EXERCISE)
    assert c.text(1, "en") == "Look at what `stride()` tells you."
    assert c.text(2, "zh") == "交换 2 个 size 和 2 个 stride。"
    assert "```python" in c.text(3, "en") and c.text(coach.SOLUTION, "zh").startswith("先构造")
    with pytest.raises(UsageError, match="--level must be 1 to 3"):
        c.text(0, "en")


@pytest.mark.parametrize(("text", "where", "what"), [
    ("hints: [\n  - en: x\n    zh: [y\n", ":2:3:", "malformed YAML"),
    (COACH.replace("solution:", "solutions:"), ":22:3: solutions: Extra inputs", ""),
    (COACH.replace("  - en: >-\n      Swap", "  - tip: >-\n      Swap"), ":7:5: hints.1.en: Field required", ""),
    ("hints: []\nsolution: {en: a, zh: b}\n", ":1:8: hints: List should have at least 3 items", ""),
    ("", ":1:1: empty file", ""),
])
def test_a_broken_coach_is_one_line_per_problem_with_file_and_line(ex: Path, text: str, where: str,
                                                                   what: str) -> None:
    path = ex / EXERCISE / "coach.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CoachError) as e:
        coach.read(path)
    lines = str(e.value).splitlines()
    assert any(ln.startswith(f"{path}{where}") and what in ln for ln in lines), lines


def test_a_missing_coach_is_not_found(ex: Path) -> None:
    (ex / EXERCISE / "coach.yaml").unlink()
    with pytest.raises(NotFound, match="no hints yet for exercise 'transpose_as_strided'"):
        coach.load(EXERCISE)
    assert lint.coach_problems(EXERCISE) == [f"{ex / EXERCISE / 'coach.yaml'}: missing - write the hints and "
                                             "worked solution"]


def test_find_by_question_id_or_exercise_name(catalog: Catalog) -> None:
    assert coach.find(catalog, QID).id == QID
    assert coach.find(catalog, EXERCISE).id == QID
    with pytest.raises(UsageError, match="is a choice question"):
        coach.find(catalog, f"{TOPIC}.t-choice")
    with pytest.raises(NotFound, match="did you mean"):
        coach.find(catalog, f"{TOPIC}.t-codin")


# --- lint's text rules ---------------------------------------------------------------------------

def test_the_good_coach_passes_lint(ex: Path) -> None:
    assert lint.coach_problems(EXERCISE) == []


@pytest.mark.parametrize(("old", "new", "what"), [
    ("交换 2 个 size", "交换 2 个 size 和 和", "space inside Chinese text"),
    ("看看 `stride()` 告诉", "看看 `stride` 告诉", "code spans differ"),
    ("交换 2 个 size", "交换 3 个 size", "numbers differ"),
    ("return x.as_strided(size, stride)  # 不拷贝", "return x.as_strided(stride, size)", "code block 1 differs"),
    ("Build the swapped lists", "As the seed notes say, build the lists", "cites the seed notes"),
])
def test_lint_applies_the_bank_text_rules_to_coach_texts(ex: Path, old: str, new: str, what: str) -> None:
    path = ex / EXERCISE / "coach.yaml"
    assert old in COACH
    path.write_text(COACH.replace(old, new, 1), encoding="utf-8")
    problems = lint.coach_problems(EXERCISE)
    assert len(problems) == 1 and what in problems[0], problems
    assert problems[0].startswith(f"{path}:") and f"[{EXERCISE}]" in problems[0]


def test_a_translated_comment_in_a_code_block_is_no_difference() -> None:
    en = "x\n```python\nf(1)  # one\n```\n"
    assert lint.text_problems(en, "x\n```python\nf(1)  # 一\n```\n") == []
    assert lint.text_problems(en, "x\n```python\nf(2)  # 一\n```\n") != []


# --- the store -----------------------------------------------------------------------------------

def test_an_older_database_migrates_and_keeps_its_reviews(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "p.sqlite3"
    with monkeypatch.context() as m:
        m.setattr(store, "MIGRATIONS", store.MIGRATIONS[:1])  # a database written before coach_views
        with Store(path) as old:
            old.record("q", GOOD, True, "a", 5, "quiz", lambda c: scheduler.Scheduler().review(c, "q", GOOD,
                                                                                            store.now_utc()))
    with Store(path) as st:
        assert len(st.reviews()) == 1 and st.help_since_review("q") == []
        st.record_view("q", 2)
        assert st.help_since_review("q") == [2]
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == store.schema_version()
    with pytest.raises(sqlite3.IntegrityError):
        db.execute("INSERT INTO coach_views (question_id, viewed_at, level) VALUES ('q', 'x', 5)")


def test_capped() -> None:
    assert scheduler.capped(GOOD, []) == GOOD and scheduler.capped(EASY, []) == EASY
    assert scheduler.capped(GOOD, [1]) == HARD and scheduler.capped(EASY, [3, 2]) == HARD
    assert scheduler.capped(AGAIN, [1]) == AGAIN
    assert scheduler.capped(GOOD, [1, coach.SOLUTION]) == AGAIN


def _verdict(status: str) -> Any:
    return types.SimpleNamespace(status=status, passed=status == "pass")


def _attempt(catalog: Catalog, st: Store, ft: FakeTime, status: str, mode: str = "review") -> int:
    ft.wait(60)
    sess = Session([item(catalog, QID, mode)], st, clock=ft.clock, timer=ft.timer)
    out = sess.record_verdict(_verdict(status), Path("solution.py"))
    assert out is not None
    return out.rating


def test_a_pass_after_a_hint_rates_hard_after_the_solution_again(catalog: Catalog, st: Store) -> None:
    ft = FakeTime()
    assert _attempt(catalog, st, ft, "pass") == GOOD  # no help
    ft.wait(60)
    st.record_view(QID, 1, ft.now)
    assert _attempt(catalog, st, ft, "pass") == HARD
    assert _attempt(catalog, st, ft, "pass") == GOOD  # the hint came before the last review
    ft.wait(60)
    st.record_view(QID, 2, ft.now)
    ft.wait(60)
    st.record_view(QID, coach.SOLUTION, ft.now)
    rating = _attempt(catalog, st, ft, "pass", mode="submit")
    assert rating == AGAIN
    last = st.reviews(QID)[-1]
    assert (last.rating, last.correct, last.mode) == (AGAIN, True, "submit")  # passed, yet rated Again
    assert st.card(QID) is not None and st.card(QID).reps == 4  # type: ignore[union-attr]


def test_the_ladder_climbs_through_failures_and_restarts_after_a_pass(catalog: Catalog, st: Store) -> None:
    ft = FakeTime()
    sess = Session([item(catalog, QID)] * 3, st, clock=ft.clock, timer=ft.timer)
    assert sess.coach_next() == 1
    assert sess.coach_show(1, "en") == "Look at what `stride()` tells you."
    assert sess.coach_next() == 2 and st.help_since_review(QID) == [1]
    ft.wait(60)
    out = sess.record_verdict(_verdict("fail"), Path("x.py"))
    assert out is not None and out.rating == AGAIN
    ft.wait(60)
    assert sess.coach_next() == 2  # the next presentation goes on where the failure left off
    sess.coach_show(2, "en")
    sess.coach_show(3, "en")
    assert sess.coach_next() == coach.SOLUTION
    assert "as_strided" in sess.coach_show(coach.SOLUTION, "en")
    assert coach.pointer(st, QID, EXERCISE) == coach.SOLUTION
    ft.wait(60)
    assert sess.record_verdict(_verdict("pass"), Path("x.py")).rating == AGAIN  # type: ignore[union-attr]
    assert sess.coach_next() == 1 and coach.pointer(st, QID, EXERCISE) == 1  # a pass restarts the ladder
    sess.close()


def test_a_starter_left_unchanged_records_nothing(catalog: Catalog, st: Store) -> None:
    sess = Session([item(catalog, QID)], st)
    assert sess.record_verdict(_verdict("unattempted"), Path("x.py")) is None
    assert st.count_reviews() == 0 and sess.skipped == {0}


# --- the commands --------------------------------------------------------------------------------

runner = CliRunner()


def _views(ex: Path) -> list[tuple[str, int]]:
    db = sqlite3.connect(ex.parent / "home" / "progress.sqlite3")
    return db.execute("SELECT question_id, level FROM coach_views ORDER BY id").fetchall()


def test_hint_shows_the_next_level_and_records_it(ex: Path) -> None:
    r = runner.invoke(app, ["hint", QID, "--lang", "en"])
    assert r.exit_code == 0, r.output
    assert f"{QID} · hint 1/3" in r.output and "Look at what `stride()` tells you." in r.output
    assert f"dlprep hint {QID} --level 2" in r.output
    r = runner.invoke(app, ["hint", EXERCISE, "--lang", "zh"])  # the exercise's name works too
    assert "提示 2/3" in r.output and "交换 2 个 size" in r.output
    r = runner.invoke(app, ["hint", QID, "--level", "3", "--lang", "en"])
    # not a terminal: the code block is plain and indented, ready to copy
    assert "\n    return x.as_strided(size, stride)  # no copy\n" in r.output
    assert "all 3 hints seen; `dlprep solution" in r.output
    r = runner.invoke(app, ["hint", QID, "--lang", "en"])
    assert "hint 3/3" in r.output  # past the last hint: the last one again, and the way to the solution
    assert _views(ex) == [(QID, 1), (QID, 2), (QID, 3), (QID, 3)]


def test_hint_bad_input_is_one_line(ex: Path) -> None:
    for args, what in ((["hint", QID, "--level", "4"], "--level must be 1 to 3"),
                       (["hint", f"{TOPIC}.t-choice"], "is a choice question"),
                       (["hint", "nope.nope"], "unknown question id")):
        r = runner.invoke(app, args)
        assert r.exit_code == 2 and what in r.output and "Traceback" not in r.output, r.output
    (ex / EXERCISE / "coach.yaml").write_text("hints: [\n", encoding="utf-8")
    r = runner.invoke(app, ["hint", QID])
    assert r.exit_code == 2 and f"{ex / EXERCISE / 'coach.yaml'}:2:1: malformed YAML" in r.output
    assert not (ex.parent / "home" / "progress.sqlite3").exists()  # nothing recorded for a broken file


def test_solution_asks_before_spoiling(ex: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    r = runner.invoke(app, ["solution", QID, "--lang", "en"])  # not a terminal and no --yes: refused
    assert r.exit_code == 2 and "not passed yet" in r.output and "--yes" in r.output
    assert len(r.output.strip().splitlines()) == 1
    monkeypatch.setattr("dlprep.cli.coach.interactive", lambda: True)
    r = runner.invoke(app, ["solution", QID, "--lang", "en"], input="n\n")
    assert r.exit_code == 0 and "def solve" not in r.output
    assert not (ex.parent / "home" / "progress.sqlite3").exists() or _views(ex) == []
    r = runner.invoke(app, ["solution", QID, "--lang", "en"], input="y\n")
    assert r.exit_code == 0 and "worked solution" in r.output and "def solve" in r.output
    r = runner.invoke(app, ["solution", EXERCISE, "--yes", "--lang", "zh"])
    assert r.exit_code == 0 and "详解" in r.output
    assert _views(ex) == [(QID, coach.SOLUTION)] * 2


def test_solution_of_a_passed_exercise_is_shown_without_asking(ex: Path) -> None:
    with Store() as st:
        st.record(QID, GOOD, True, "", 1, "quiz", lambda c: scheduler.Scheduler().review(c, QID, GOOD,
                                                                                       store.now_utc()))
    r = runner.invoke(app, ["solution", QID, "--lang", "en"])
    assert r.exit_code == 0 and "def solve" in r.output


# --- the quiz's `h` ----------------------------------------------------------------------------

def test_h_in_the_quiz_steps_through_the_ladder_then_asks_for_the_solution(
        catalog: Catalog, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from dlprep.cli import quiz_ui

    class FakeGrader:
        def write_starter(self, q: Any, dest: Path) -> Path:
            p = Path(dest) / f"{q.exercise}.py"
            p.write_text("def solve(x, d0, d1):\n    return x\n")
            return p

        def grade(self, q: Any, path: Path) -> Any:
            return types.SimpleNamespace(status="fail", passed=False)

        def close(self) -> None:
            pass

    monkeypatch.setitem(sys.modules, "dlprep.checkers.grader", types.SimpleNamespace(Grader=FakeGrader))
    monkeypatch.setattr(quiz_ui.render, "print_verdict", lambda v, lang: None)
    typed = iter(["h", "h", "h", "h", "n", "h", "y", ""])
    monkeypatch.setattr(quiz_ui, "read_line", lambda prompt: next(typed))
    printed: list[str] = []
    monkeypatch.setattr(quiz_ui.render.console(), "print", lambda *a, **k: printed.append(_plain(a)))
    with Store(tmp_path / "p.sqlite3") as st:
        code = quiz_ui.run(Session([item(catalog, QID)], st), "en", st.path, edit=False)
        views = [lvl for lvl in st.help_since_pass(QID)]
        (review,) = st.reviews(QID)
    assert code == 0
    text = "\n".join(printed)
    for shown in ("hint 1/3", "hint 2/3", "hint 3/3", "worked solution"):
        assert shown in text, text
    assert views == [1, 2, 3, coach.SOLUTION]  # "n" at the first question showed nothing
    assert review.rating == AGAIN and f"dlprep solution {QID}" in text  # the failed verdict points on


def _plain(args: tuple[Any, ...]) -> str:
    from io import StringIO

    from rich.console import Console

    buf = StringIO()
    Console(file=buf, width=120, color_system=None).print(*args)
    return buf.getvalue()


# --- the content -----------------------------------------------------------------------------------

def test_every_exercise_has_a_coach_that_loads_and_passes_lint() -> None:
    from dlprep import paths

    root = paths.exercises_dir()
    names = sorted(p.name for p in root.iterdir() if (p / "reference.py").is_file())
    missing = [n for n in names if not (root / n / coach.FILE).is_file()]
    assert not missing, f"{len(missing)} exercise(s) without {coach.FILE}: {', '.join(missing)}"
    problems = [p for n in names for p in lint.coach_problems(n)]
    assert not problems, "\n".join(problems)


def test_almost_every_coach_gives_a_whole_solution_that_verify_grades() -> None:
    """verify grades each coach's worked solution, pasted into the starter, like a right answer;
    this pins down that the extraction still finds them (mini-loader's solution comes in parts)."""
    from dlprep import bank
    from dlprep.models import CodingQuestion

    qs = [lq.q for lq in bank.catalog_or_raise().questions.values() if isinstance(lq.q, CodingQuestion)]
    found = {q.id: coach.whole_solution(q) for q in qs}
    assert sum(v is not None for v in found.values()) >= len(qs) - 1
    code = found["tensor.matmul.batched-no-matmul"]
    starter = (REPO / "reference_impls" / "batched_matmul" / "starter.py").read_text(encoding="utf-8")
    assert code is not None and code.startswith(starter) and "def solve(" in code[len(starter):]


def test_verify_fails_an_exercise_whose_worked_solution_fails(grader: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from dlprep import bank, verify

    lq = bank.catalog_or_raise().get("tensor.matmul.batched-no-matmul")  # verify passes it in CI
    monkeypatch.setattr(coach, "whole_solution", lambda q: "def solve(a, b):\n    return a @ b.mT\n")
    r = verify.verify_question(lq, grader, verify.environment())
    assert r.status == "failed" and "the coach's worked solution" in r.message, r.message


@pytest.mark.slow
def test_submit_records_its_verdict_points_to_the_next_hint_and_follows_the_rating_rule(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from dlprep import paths

    monkeypatch.setenv("DLPREP_HOME", str(tmp_path / "home"))
    qid, ex = "module.hooks.capture-linear-activations", paths.exercises_dir() / "capture_linear_activations"
    wrong = ex / "mutants" / "top_level_only.py"
    r = runner.invoke(app, ["submit", qid, str(wrong), "--lang", "en"])
    assert r.exit_code == 1 and f"dlprep hint {qid} --level 1" in r.output, r.output
    assert runner.invoke(app, ["hint", qid]).exit_code == 0
    r = runner.invoke(app, ["submit", qid, str(wrong), "--lang", "en"])
    assert f"dlprep hint {qid} --level 2" in r.output  # a failure keeps the climb
    r = runner.invoke(app, ["submit", qid, str(ex / "reference.py"), "--json"])
    assert r.exit_code == 0 and "dlprep hint" not in r.output
    assert runner.invoke(app, ["submit", qid, str(ex / "starter.py"), "--no-record"]).exit_code == 1
    with Store() as st:
        got = [(rv.mode, rv.correct, rv.rating) for rv in st.reviews(qid)]
    # the hint came after the first failure and before the second: the pass after that is not capped
    assert got == [("submit", False, AGAIN), ("submit", False, AGAIN), ("submit", True, GOOD)]
    assert runner.invoke(app, ["hint", qid]).exit_code == 0  # the ladder restarts after a pass: level 1
    r = runner.invoke(app, ["submit", qid, str(ex / "reference.py"), "--json"])
    with Store() as st:
        assert st.reviews(qid)[-1].rating == HARD and st.help_since_pass(qid) == []


def test_a_hint_that_runs_long_is_reported(ex: Path) -> None:
    path = ex / EXERCISE / "coach.yaml"
    path.write_text(COACH.replace("Look at what", "Look " * 130 + "at what"), encoding="utf-8")
    (problem,) = lint.coach_problems(EXERCISE)
    assert "hints.0: 135 words of prose, more than 120" in problem


def test_lint_checks_coach_files_given_alone(ex: Path) -> None:
    path = ex / EXERCISE / "coach.yaml"
    r = runner.invoke(app, ["lint", str(path)])
    assert r.exit_code == 0 and "ok: 1 coach file(s)" in r.output
    path.write_text(COACH.replace("交换 2 个", "交换 2 个 个"), encoding="utf-8")
    r = runner.invoke(app, ["lint", str(path)])
    assert r.exit_code == 2 and "space inside Chinese text" in r.output and "Traceback" not in r.output
