"""End to end through a pseudo-terminal (pexpect): a whole session typing answers of every type,
checked on the screen and in the database afterwards; Ctrl-C and SIGKILL mid-session; a coding
question with the real grader; the commands around it (review, stats, progress) and their errors."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from io import StringIO
from pathlib import Path

import pexpect
import pytest
import yaml
from typer.testing import CliRunner

from dlprep import spotbug
from dlprep.models import CodingQuestion
from dlprep.store import Store
from tests.test_session import TOPIC, write_banks

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
PROGRESS = re.compile(r"(\d+)/(\d+), (\d+) correct")
TITLE = re.compile(r"─ (tensor\.contiguity\.[\w-]+) · (\w+) ·")
NON_CODING = ["--type", "choice", "--type", "true_false", "--type", "short", "--type", "output", "--type", "open"]
DLPREP = [sys.executable, "-m", "dlprep"]


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    banks, ex = write_banks(tmp_path)
    return {**os.environ, "DLPREP_BANKS": str(banks), "DLPREP_EXERCISES": str(ex),
            "DLPREP_HOME": str(tmp_path / "home"), "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8",
            "PYTHONIOENCODING": "utf-8", "TERM": "xterm-256color"}


def db_path(env: dict[str, str]) -> Path:
    return Path(env["DLPREP_HOME"]) / "progress.sqlite3"


def rows(env: dict[str, str]) -> list[sqlite3.Row]:
    db = sqlite3.connect(db_path(env))
    db.row_factory = sqlite3.Row
    return db.execute("SELECT * FROM reviews ORDER BY id").fetchall()


def spawn(env: dict[str, str], *args: str, log: StringIO | None = None,
          preexec_fn: Callable[[], None] | None = None) -> pexpect.spawn:
    child = pexpect.spawn(DLPREP[0], [*DLPREP[1:], *args], env=env, encoding="utf-8",
                          dimensions=(60, 130), timeout=30, preexec_fn=preexec_fn)
    child.logfile_read = log
    return child


def interrupt(child: pexpect.spawn, summary: str) -> None:
    """Ctrl-C at the prompt: the summary line, then exit 130."""
    child.expect("answer> ")
    child.sendintr()
    child.expect(summary)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130


def dlprep(env: dict[str, str], *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([*DLPREP, *args], env=env, input=stdin, capture_output=True, text=True, timeout=120)


def screen(log: StringIO) -> str:
    return ANSI.sub("", log.getvalue()).replace("\r", "")


def choice_letters(panel: str, qid: str) -> tuple[str, str]:
    """(right letters, a wrong letter), read from the shuffled choices on screen."""
    shown = {text.strip(): letter for letter, text in re.findall(r"│\s*([a-d])\) (.+?)\s*│", panel)}
    right = {"t-choice": ["x.contiguous()"], "t-multi": ["x.t()", "x[1:]"]}[qid.split(".")[-1]]
    wrong = next(letter for text, letter in shown.items() if text not in right)
    return " ".join(sorted(shown[r] for r in right)), wrong


# --- the whole session ----------------------------------------------------------------------

def test_a_whole_session_of_every_type(env: dict[str, str]) -> None:
    log = StringIO()
    child = spawn(env, "quiz", "--topic", TOPIC, *NON_CODING, "--seed", "5", "--lang", "en", log=log)
    total = 8
    pos, correct, answered, skipped = 1, 0, 0, 0
    first: str | None = None
    first_correct = 0
    undone = False
    seen: list[str] = []
    while True:
        i = child.expect([PROGRESS, r"\d+ answered, \d+ correct, \d+ skipped"])
        if i == 1:
            break
        assert (int(child.match.group(1)), int(child.match.group(2)), int(child.match.group(3))) == (
            pos, total, correct), screen(log)[-2000:]
        child.expect(TITLE)
        qid, qtype = child.match.group(1), child.match.group(2)
        child.expect("answer> ")
        panel = ANSI.sub("", child.before)
        short = qid.split(".")[-1]
        if first is not None and not undone:
            # Second question: undo the first grade and answer that question again.
            child.sendline("u")
            child.expect(f"undone: {first}")
            undone, pos, answered, correct = True, pos - 1, answered - 1, correct - first_correct
            continue
        be_wrong = first is None and qtype != "open"  # the first answer is wrong on purpose
        seen.append(short)
        if qtype == "choice":
            child.sendline("z")
            child.expect("answer with letters a-")
            child.sendline("h")
            child.expect("hint: pick")
            right, wrong = choice_letters(panel, qid)
            child.expect("answer> ")
            child.sendline(wrong if be_wrong else right)
        elif short == "t-tf2":
            child.sendline("s")  # skip this one
            child.expect("skipped")
            pos, skipped = pos + 1, skipped + 1
            continue
        elif qtype == "true_false":
            child.sendline("maybe")
            child.expect(r"answer t \(true\) or f \(false\)")
            child.sendline("对" if be_wrong else "错")
        elif qtype == "short":
            child.sendline("copy" if be_wrong else "  X.Contiguous() ")
        elif short == "t-output":
            for line in (["nope"] if be_wrong else ["False", "True"]):
                child.sendline(line)
                child.expect(r"\| ")
            child.sendline("")  # an empty line ends the output
        elif short == "t-output2":
            child.sendline("(2, 1)" if be_wrong else "(3, 1)")
            child.expect(r"\| ")
            child.sendeof()  # so does Ctrl-D
        elif qtype == "open":
            child.sendline("h")
            child.expect("hint: view never copies")
            child.expect("answer> ")
            child.sendline("no single stride fits")
            child.expect(r"\| ")
            child.sendline("")
            child.expect("Key points")
            child.expect("rate> ")
            child.sendline("2")
            child.expect("recorded: hard")
        if qtype != "open":
            child.expect("✗ wrong" if be_wrong else "✓ correct")
        if first is None:
            first, first_correct = qid, int(not be_wrong)
        correct += 0 if be_wrong else 1
        pos, answered = pos + 1, answered + 1
    assert child.match.group(0) == f"{answered} answered, {correct} correct, {skipped} skipped"
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert (answered, correct, skipped) == (7, 7, 1)  # the one wrong answer was undone and redone

    text = screen(log)
    for expected in (
        "keys: s skip · u undo last grade · h hint · q quit",
        "t() never copies, so its result keeps swapped strides.",  # the misconception note
        "contiguous() copies into row-major order when needed.",  # the explanation
        "https://pytorch.org/docs/stable/generated/torch.Tensor.contiguous.html",  # refs
        "print(x.t().contiguous().is_contiguous())",  # the snippet of an output question
        "No single stride walks the storage in the new order.",  # open: model answer ...
        "the new shape needs strides the old layout cannot give",  # ... and rubric
        f"{total}/{total}, ",
    ):
        assert expected in text, expected
    assert "Traceback" not in text

    rs = rows(env)
    assert len(rs) == 7 and {r["mode"] for r in rs} == {"quiz"}
    by_id = {r["question_id"].split(".")[-1]: r for r in rs}
    assert set(by_id) == set(seen) - {"t-tf2"}  # the undone row is gone: one row per question
    assert all(r["correct"] == 1 for r in rs)
    assert by_id["t-open"]["rating"] == 2 and by_id["t-open"]["answer"] == "no single stride fits"
    assert by_id["t-tf"]["answer"] == "false" and by_id["t-short"]["answer"] == "X.Contiguous()"
    assert by_id["t-output"]["answer"] == "False\nTrue" and by_id["t-output2"]["answer"] == "(3, 1)"
    assert by_id["t-multi"]["answer"] == "a c"  # the bank's choice ids, whatever letters were shown
    assert by_id["t-choice"]["rating"] == 2 and by_id["t-multi"]["rating"] == 2  # hinted: Hard
    assert all(r["duration_ms"] > 0 for r in rs)
    db = sqlite3.connect(db_path(env))
    assert db.execute("SELECT count(*) FROM cards").fetchone()[0] == 7
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"

    # The commands around a session see the same data.
    s = json.loads(dlprep(env, "stats", "--json", "--topic", TOPIC).stdout)
    assert (s["totals"]["reviews"], s["totals"]["seen"], s["totals"]["accuracy"]) == (7, 7, 1.0)
    # its coding question brings the spot-the-bug cards the product makes of its mutants and wrong answers
    # (not one per file: a rewrite or a file hiding a second bug makes none)
    bank_file = next(Path(env["DLPREP_BANKS"]).glob(f"{TOPIC}.yaml"))
    coding = next(q for q in yaml.safe_load(bank_file.read_text())["questions"] if q["type"] == "coding")
    cards = len(spotbug.cards(CodingQuestion.model_validate(coding), TOPIC, Path(env["DLPREP_EXERCISES"])))
    assert s["topics"][0]["questions"] == 9 + cards and s["daily"] and s["totals"]["streak_days"] == 1
    out = dlprep(env, "stats", "--lang", "zh")
    assert out.returncode == 0 and "复习 7 次" in out.stdout and "tensor.contiguity" in out.stdout
    out = dlprep(env, "review", "--new", "0", "--topic", TOPIC, "--lang", "en")
    assert out.returncode == 0 and "Next review" in out.stdout  # nothing due minutes after learning


def test_ctrl_c_keeps_every_answered_question(env: dict[str, str]) -> None:
    log = StringIO()
    child = spawn(env, "quiz", "--topic", TOPIC, "--type", "true_false", "--type", "short", "--seed", "1",
                  "--lang", "en", log=log)
    for _ in range(2):
        child.expect("answer> ")
        child.sendline("f")  # wrong or right does not matter; it is recorded either way
        child.expect("✓ correct|✗ wrong")
    interrupt(child, r"2 answered, \d correct, 0 skipped")
    assert len(rows(env)) == 2 and "Traceback" not in screen(log)


def test_ctrl_c_works_when_started_with_sigint_ignored(env: dict[str, str]) -> None:
    """A background job of a non-interactive shell (CI's, a nohup) starts with SIGINT ignored, and
    Python keeps it so: the quiz takes Ctrl-C back when it has a terminal."""
    child = spawn(env, "quiz", "--topic", TOPIC, "--type", "true_false", "--seed", "1", "--lang", "en",
                  preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
    interrupt(child, r"0 answered, 0 correct, 0 skipped")


def test_sigkill_mid_session_then_restart(env: dict[str, str]) -> None:
    child = spawn(env, "quiz", "--topic", TOPIC, "--type", "true_false", "--type", "short", "--type", "choice",
                  "--seed", "2", "--lang", "en")
    answered = []
    for _ in range(3):
        child.expect(TITLE)
        answered.append(child.match.group(1))
        qtype = child.match.group(2)
        child.expect("answer> ")
        child.sendline("f" if qtype == "true_false" else "a")
        child.expect("✓ correct|✗ wrong")
    child.expect("answer> ")
    child.send("contig")  # the answer in flight: typed, not yet entered
    child.kill(signal.SIGKILL)
    child.close(force=True)
    assert child.signalstatus == signal.SIGKILL

    # Restart: the database opens (no "locked", no repair), and earlier answers are all there.
    child = spawn(env, "quiz", "--topic", TOPIC, "--type", "true_false", "--seed", "9", "--lang", "en")
    child.expect("answer> ")
    child.sendline("f")
    child.expect("✓ correct|✗ wrong")
    child.expect("answer> ")
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    out = dlprep(env, "progress", "check")
    assert out.returncode == 0 and out.stdout.startswith("ok:"), out.stderr
    ids = [r["question_id"] for r in rows(env)]
    assert ids[:3] == answered and len(ids) == 4  # the three before the kill, the one after
    db = sqlite3.connect(db_path(env))
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


@pytest.mark.slow
def test_coding_question_with_the_grader(env: dict[str, str]) -> None:
    log = StringIO()
    child = spawn(env, "quiz", "--topic", TOPIC, "--type", "coding", "--lang", "en", log=log)
    child.timeout = 180  # the first grade starts the sandbox worker (it imports torch)
    i = child.expect(["grade> ", "grader not available", "skipped"])
    if i > 0:
        child.expect(pexpect.EOF)
        assert rows(env) == []
        pytest.skip("grader not available here: " + screen(log)[-300:])
    solution = Path(env["DLPREP_HOME"]) / "solutions" / "transpose_as_strided.py"
    # rich wraps a long path at the terminal's width (a worker's tmp path under xdist is longer)
    assert f"starter file: {solution}" in screen(log).replace("\n", "")
    assert "NotImplementedError" in solution.read_text()
    shutil.copy(Path(env["DLPREP_EXERCISES"]) / "transpose_as_strided" / "reference.py", solution)
    child.sendline("")
    child.expect("✓ correct|✗ wrong")
    child.expect(pexpect.EOF)
    text = screen(log)
    assert "hidden" in text and "1 answered, 1 correct" in text, text[-1500:]
    (r,) = rows(env)
    assert (r["question_id"], r["correct"], r["rating"]) == (f"{TOPIC}.t-coding", 1, 3)
    assert "as_strided" in r["answer"]


# --- the commands around sessions ------------------------------------------------------------

def test_no_torch_import_in_a_non_coding_session(env: dict[str, str]) -> None:
    """`-X importtime` lists every module imported; a quiz without coding questions has no torch."""
    answers = "\n".join(["a", "f", "x", "x", "", "x", "", "", "3"] * 3) + "\n"
    out = subprocess.run([sys.executable, "-X", "importtime", "-m", "dlprep", "quiz", "--topic", TOPIC,
                          *NON_CODING, "--lang", "en"], env=env, input=answers, capture_output=True, text=True,
                         timeout=120)
    assert re.search(r"\d+ answered", out.stdout), out.stdout[-1000:] + out.stderr[-1000:]
    imported = [line.split("|")[-1].strip() for line in out.stderr.splitlines() if line.startswith("import time:")]
    assert "fsrs" in imported and "torch" not in imported


def test_export_import_round_trip_through_the_cli(env: dict[str, str], tmp_path: Path) -> None:
    # "f" is a valid answer to both types (wrong for short), so piped input stays in step.
    dlprep(env, "quiz", "--topic", TOPIC, "--type", "true_false", "--type", "short", "--lang", "en",
           stdin="f\nf\nf\n")
    assert len(rows(env)) == 3
    one, two = tmp_path / "one.json", tmp_path / "two.json"
    code, out, _ = _cli(env, "progress", "export", str(one))
    assert code == 0 and "exported 3 review(s) and 3 card(s)" in out
    other = {**env, "DLPREP_HOME": str(tmp_path / "elsewhere")}
    code, out, _ = _cli(other, "progress", "import", str(one))
    assert code == 0 and "imported 3 review(s) (0 already present)" in out
    assert _cli(other, "progress", "import", str(one))[1].startswith("imported 0 review(s) (3 already")
    _cli(other, "progress", "export", str(two))
    assert one.read_bytes() == two.read_bytes()
    code, out, _ = _cli(env, "progress", "check", "--db", str(tmp_path / "elsewhere" / "progress.sqlite3"))
    assert code == 0 and out.startswith("ok:") and "3 review(s)" in out


def _newer(path: Path) -> None:
    db = sqlite3.connect(path)
    db.execute("PRAGMA user_version = 42")
    db.close()  # the last connection to close checkpoints the WAL into the file


def _cli(env: dict[str, str], *args: str) -> tuple[int, str, str]:
    """In-process (start-up takes seconds on a cold disk): exit code, stdout, stderr."""
    from dlprep.cli.app import app  # imported here: its import order is ambiguous to ruff's isort

    r = CliRunner().invoke(app, list(args), env=env)
    return r.exit_code, r.stdout, r.stderr


@pytest.mark.parametrize("damage, message", [
    (lambda p: p.write_bytes(b"not sqlite at all" * 100), "is damaged"),
    (_newer, "newer than this dlprep"),
])
def test_bad_database_is_one_red_line_and_left_alone(env: dict[str, str], damage: object, message: str) -> None:
    path = db_path(env)
    Store(path).close()
    damage(path)  # type: ignore[operator]
    before = path.read_bytes()
    for args in (["stats"], ["quiz", "--topic", TOPIC], ["review"], ["progress", "import", "/dev/null"]):
        code, _, err = _cli(env, *args)
        assert code == 2 and err.startswith("error: ") and message in err, err
        assert "Traceback" not in err and len(err.strip().splitlines()) <= 2
    assert path.read_bytes() == before


def test_bad_arguments_are_one_line(env: dict[str, str]) -> None:
    for args, message in ((["quiz", "--topic", "tensor.contiguty"], "did you mean tensor.contiguity"),
                          (["quiz", "--type", "essay"], "unknown type"),
                          (["quiz", "--difficulty", "brutal"], "unknown difficulty"),
                          (["quiz", "--count", "0"], "at least 1"),
                          (["quiz", "--lang", "fr"], "unknown language"),
                          (["stats", "--topic", "nope"], "unknown topic"),
                          (["progress", "import", "/nonexistent.json"], "no such file")):
        code, _, err = _cli(env, *args)
        assert code == 2 and message in err and "Traceback" not in err, (args, err)
