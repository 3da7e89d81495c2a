"""`dlprep interview` end to end in a pseudo-terminal: a 3-minute interview answered to the end
(the coding part graded by the real grader), a SIGKILL mid-way then a resume that keeps the
earlier answers, and the deadline grading what stands; the plan and report logic in-process."""

from __future__ import annotations

import json
import re
import shutil
import signal
import sqlite3
from datetime import UTC, datetime, timedelta
from io import StringIO
from pathlib import Path

import pexpect
import pytest

from dlprep import bank, interview
from dlprep.store import Store
from tests.test_quiz_pty import ANSI, TITLE, choice_letters, db_path, dlprep, spawn
from tests.test_quiz_pty import env as env  # noqa: F401  (the fixture)
from tests.test_session import TOPIC

STATUS = re.compile(r"\x1b7.*?\x1b8", re.DOTALL)  # the countdown line, redrawn in place
TEXT = {"t-tf": ["f"], "t-tf2": ["f"], "t-short": ["contiguous"], "t-output": ["False", "True", ""],
        "t-output2": ["(3, 1)", ""]}


def clean(text: str) -> str:
    return ANSI.sub("", STATUS.sub("", text)).replace("\r", "")


def answer_next(child: pexpect.spawn, wrong: bool = False) -> tuple[str, str]:
    """Answer the question on screen (rightly unless `wrong`); (id, type). Coding: left at grade>."""
    child.expect(TITLE)
    qid, qtype = child.match.group(1), child.match.group(2)
    if qtype == "coding":
        child.expect("grade> ")
        return qid, qtype
    child.expect("answer> ")
    panel = clean(child.before)
    short = qid.split(".")[-1]
    if qtype == "choice":
        right, bad = choice_letters(panel, qid)
        child.sendline(bad if wrong else right)
    else:
        lines = TEXT[short]
        if wrong:
            lines = ["t"] if qtype == "true_false" else ["nope", ""] if qtype == "output" else ["copy"]
        for i, line in enumerate(lines):
            child.sendline(line)
            if qtype == "output" and i < len(lines) - 1:
                child.expect(r"\| ")
    child.expect("saved")
    return qid, qtype


def interview_rows(env: dict[str, str]) -> list[sqlite3.Row]:
    db = sqlite3.connect(db_path(env))
    db.row_factory = sqlite3.Row
    return db.execute("SELECT * FROM interviews ORDER BY id").fetchall()


def test_a_three_minute_interview_to_the_end(env: dict[str, str]) -> None:
    log = StringIO()
    child = spawn(env, "interview", "--minutes", "3", "--topic", TOPIC, "--seed", "4", "--lang", "en", log=log)
    child.timeout = 60
    child.expect("no feedback until the end")
    seen = []
    wrong_one = None
    while True:
        qid, qtype = answer_next(child, wrong=not seen)  # the first answer is wrong on purpose
        seen.append(qid)
        if not wrong_one:
            wrong_one = qid
        if qtype == "coding":
            break
    assert len(seen) == 4 and "✓ correct" not in clean(log.getvalue())  # no feedback on the way
    solution = Path(env["DLPREP_HOME"]) / "solutions" / "transpose_as_strided.py"
    shutil.copy(Path(env["DLPREP_EXERCISES"]) / "transpose_as_strided" / "reference.py", solution)
    child.timeout = 150  # the first grade starts the sandbox worker (it imports torch)
    child.sendline("")
    i = child.expect([r"interview #1: (\d)/4", "grader not available"])
    if i == 1:
        pytest.skip("grader not available here")
    assert child.match.group(1) == "3"
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    text = clean(log.getvalue())
    assert "⏱ 03:00 left" in log.getvalue() or "⏱ 02:5" in log.getvalue()  # the countdown was drawn
    assert "completed" in text and "weakest topics" in text and "Traceback" not in text
    assert f"review: {wrong_one}" in text
    assert re.search(r"tensor\.contiguity\.t-coding\s+pass\s+\d", text), text[-2000:]

    (row,) = interview_rows(env)
    assert row["status"] == "finished"
    rep = json.loads(row["report"])
    assert rep["score"] == {"correct": 3, "total": 4, "score": 0.75} and rep["ended"] == "completed"
    assert [q["id"] for q in rep["questions"]] == seen
    assert [q["status"] for q in rep["questions"]] == ["wrong", "correct", "correct", "correct"]
    assert rep["coding"][0]["status"] == "pass" and rep["weakest"][0]["topic"] == TOPIC
    assert all(q["seconds"] is not None for q in rep["questions"])
    # Every answer is in the review log too (it moves the FSRS cards like any quiz answer).
    db = sqlite3.connect(db_path(env))
    assert db.execute("SELECT count(*) FROM reviews WHERE mode = 'interview'").fetchone()[0] == 4

    out = dlprep(env, "interview", "--history", "--json")
    (h,) = json.loads(out.stdout)
    assert h["status"] == "finished" and h["score"]["correct"] == 3
    out = dlprep(env, "interview", "--history", "--lang", "en")
    assert out.returncode == 0 and "completed" in out.stdout and "3/4" in out.stdout


def test_sigkill_then_resume_keeps_the_answers(env: dict[str, str]) -> None:
    child = spawn(env, "interview", "--minutes", "3", "--topic", TOPIC, "--seed", "7", "--lang", "en")
    first, _ = answer_next(child)
    second, _ = answer_next(child, wrong=True)
    child.expect(TITLE)
    child.expect("answer> ")
    child.send("half an ans")  # in flight: lost, as it should be
    child.kill(signal.SIGKILL)
    child.close(force=True)
    (row,) = interview_rows(env)
    assert row["status"] == "running"

    log = StringIO()
    child = spawn(env, "interview", "--minutes", "3", "--topic", TOPIC, "--lang", "en", log=log)
    child.expect(r"\(2/4 answered, 0[23]:\d\d left\). Resume it\? \[Y/n\]")
    child.sendline("y")
    child.expect("question 3/4")
    third, _ = answer_next(child)
    _, qtype = answer_next(child)
    assert qtype == "coding"
    child.sendline("q")  # end now: the coding exercise stays unanswered
    child.expect(r"interview #1: 2/4")
    child.expect(pexpect.EOF)
    child.close()
    rep = json.loads(interview_rows(env)[0]["report"])
    assert [q["id"] for q in rep["questions"]][:3] == [first, second, third]
    assert [q["status"] for q in rep["questions"]] == ["correct", "wrong", "correct", "unanswered"]
    assert rep["ended"] == "ended" and rep["coding"][0]["status"] == "unanswered"


def test_declining_the_resume_records_it_abandoned(env: dict[str, str]) -> None:
    child = spawn(env, "interview", "--minutes", "3", "--topic", TOPIC, "--seed", "7", "--lang", "en")
    answer_next(child)
    child.expect("answer> ")
    child.sendintr()  # Ctrl-C pauses
    child.expect("paused with 0[23]:\\d\\d left")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    child = spawn(env, "interview", "--minutes", "3", "--topic", TOPIC, "--seed", "7", "--lang", "en")
    child.expect(r"Resume it\? \[Y/n\]")
    child.sendline("n")
    child.expect("interview #1 recorded as abandoned")
    child.expect("question 1/4")
    child.kill(signal.SIGKILL)
    child.close(force=True)
    first, second = interview_rows(env)
    assert first["status"] == "abandoned" and second["status"] == "running"
    assert json.loads(first["report"])["score"]["correct"] == 1


def test_time_up_grades_the_file_as_it_stands(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """In-process, with a fake clock: the deadline passes while the exercise is open; what is
    unanswered scores 0 and the report says time up."""
    from tests.test_session import write_banks

    banks, ex = write_banks(tmp_path)
    monkeypatch.setenv("DLPREP_BANKS", str(banks))
    monkeypatch.setenv("DLPREP_EXERCISES", str(ex))
    catalog = bank.catalog_or_raise()
    now = [0.0]
    with Store(tmp_path / "p.sqlite3") as st:
        row_start = interview.Interview.start(st, catalog, 3, [TOPIC], 1)
        iv = interview.Interview(st, catalog, interview.running(st) or {}, timer=lambda: now[0])
        assert [p["kind"] for p in iv.plan] == ["warmup"] * 3 + ["coding"]
        sess = iv.session()
        sess.present()
        iv.skipped(0)
        sess.skip()
        now[0] = 200.0  # past 3 minutes
        assert iv.left_s() == 0
        rep = iv.finish("time_up")
        assert rep["ended"] == "time_up" and rep["score"]["correct"] == 0
        assert [q["status"] for q in rep["questions"]] == ["skipped"] + ["unanswered"] * 3
        assert st.interviews()[0]["elapsed_ms"] >= 200_000 and row_start.id == 1


def test_report_compares_with_the_median_of_past_attempts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from dlprep.scheduler import Scheduler
    from tests.test_session import write_banks

    banks, ex = write_banks(tmp_path)
    monkeypatch.setenv("DLPREP_BANKS", str(banks))
    monkeypatch.setenv("DLPREP_EXERCISES", str(ex))
    catalog = bank.catalog_or_raise()
    t0 = datetime(2026, 1, 1, tzinfo=UTC)
    with Store(tmp_path / "p.sqlite3") as st:
        qid = f"{TOPIC}.t-tf"
        for i, ms in enumerate((1000, 5000, 9000)):
            at = t0 + timedelta(days=i)
            st.record(qid, 3, True, "false", ms, "quiz", lambda c, at=at: Scheduler().review(c, qid, 3, at), at=at)
        row = {"id": 0, "started_at": (t0 + timedelta(days=10)).isoformat(), "minutes": 3, "topics": [],
               "seed": None, "elapsed_ms": 0, "plan": [{"id": qid, "topic": TOPIC, "kind": "warmup", "order": None}]}
        rep = interview.report(st, catalog, row, "completed", t0 + timedelta(days=10))
    assert rep["questions"][0]["median_past_seconds"] == 5.0 and rep["questions"][0]["status"] == "unanswered"


def test_an_answer_recorded_but_not_yet_linked_is_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A kill between the review's commit and the link's: the resumed interview links it."""
    from tests.test_session import write_banks

    banks, ex = write_banks(tmp_path)
    monkeypatch.setenv("DLPREP_BANKS", str(banks))
    monkeypatch.setenv("DLPREP_EXERCISES", str(ex))
    catalog = bank.catalog_or_raise()
    with Store(tmp_path / "p.sqlite3") as st:
        iv = interview.Interview.start(st, catalog, 3, [TOPIC], 2)
        sess = iv.session()
        item = sess.present()
        assert item is not None
        text = {"choice": "a", "true_false": "f", "short": "x", "output": "x"}[item.type]
        out = sess.answer(text)  # recorded in the review log; the link never written
        assert st.interview_answers(iv.id) == []
        again = interview.Interview(st, catalog, interview.running(st) or {})
        assert [p.position for p in again.pending] == [1, 2, 3]
        (a,) = st.interview_answers(iv.id)
        assert (a["position"], a["review_uid"]) == (0, out.recorded.review.uid)


@pytest.mark.slow  # waits out a 24-second clock by design
def test_the_deadline_grades_the_open_exercise_as_it_stands(env: dict[str, str]) -> None:
    """A 24-second interview: the warm-up answered, the solution written, Enter never pressed."""
    log = StringIO()
    child = spawn(env, "interview", "--minutes", "0.4", "--topic", TOPIC, "--seed", "4", "--lang", "en", log=log)
    for _ in range(3):
        answer_next(child)
    _, qtype = answer_next(child)
    assert qtype == "coding"
    solution = Path(env["DLPREP_HOME"]) / "solutions" / "transpose_as_strided.py"
    shutil.copy(Path(env["DLPREP_EXERCISES"]) / "transpose_as_strided" / "reference.py", solution)
    child.timeout = 150
    child.expect("time is up")
    i = child.expect([r"interview #1: (\d)/4", "grader not available"])
    if i == 1:
        pytest.skip("grader not available here")
    child.expect(pexpect.EOF)
    child.close()
    rep = json.loads(interview_rows(env)[0]["report"])
    assert rep["ended"] == "time_up" and rep["coding"][0]["status"] == "pass"
    assert rep["score"]["correct"] == 4 and "time up" in clean(log.getvalue())
