"""`dlprep answer ID TEXT` on every question type of the real banks, `show --json`, `list --type`,
`exercises`, and how bank text is rendered (as written; fenced code highlighted or plain)."""

from __future__ import annotations

import io
import json
import sqlite3
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from dlprep import bank
from dlprep.cli import render
from dlprep.cli.app import app
from dlprep.paths import exercises_dir
from tests.output_forms import one_token_changed, respaced

runner = CliRunner()
CATALOG = bank.catalog_or_raise()


def first(qtype: str):  # noqa: ANN201 - a question model
    return next(lq.q for lq in CATALOG.questions.values() if lq.q.type == qtype and not lq.q.requires)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("DLPREP_HOME", str(tmp_path))
    monkeypatch.delenv("NO_COLOR", raising=False)
    return tmp_path


def answer(*args: str) -> tuple[int, dict]:
    r = runner.invoke(app, ["answer", *args, "--json", "--lang", "en"])
    return r.exit_code, (json.loads(r.output) if r.exit_code in (0, 1) else {"output": r.output})


def test_every_type_right_and_wrong_with_json(home: Path) -> None:
    choice = first("choice")
    right = " ".join(letter for letter, c in zip("abcdefgh", choice.choices, strict=False) if c.id in choice.answer)
    wrong = next(letter for letter, c in zip("abcdefgh", choice.choices, strict=False) if c.id not in choice.answer)
    tf = first("true_false")
    out = CATALOG.get("tensor.storage-stride.slice-shares-storage").q
    cases = [
        (choice.id, right, 0), (choice.id, wrong, 1),
        (tf.id, "t" if tf.answer else "f", 0), (tf.id, "错" if tf.answer else "对", 1),
        ("tensor.storage-stride.slice-stride", "stride (4, 1), offset 1", 0),
        ("tensor.storage-stride.slice-stride", "(4, 1), 0", 1),
        (out.id, respaced(out.expected), 0), (out.id, one_token_changed(out.expected, 1), 1),
        (first("open").id, "3", 0), (first("open").id, "again", 1),
    ]
    for qid, text, code in cases:
        rc, data = answer(qid, text, "--no-record")
        assert rc == code, (qid, text, data)
        assert data["correct"] is (code == 0) and data["recorded"] is False and data["explanation"]
    rc, data = answer(out.id, one_token_changed(out.expected, 1), "--no-record")
    assert data["lines_total"] == 4 and data["lines_right"] == 3
    assert [ln["ok"] for ln in data["lines"]].count(False) == 1
    assert not (home / "progress.sqlite3").exists()  # --no-record never opens the store


def test_answers_are_recorded_like_the_quiz(home: Path) -> None:
    assert answer("tensor.storage-stride.slice-stride", "(4, 1), 1")[0] == 0
    assert answer("tensor.storage-stride.slice-stride", "(4, 1), 2")[0] == 1
    rows = sqlite3.connect(home / "progress.sqlite3").execute(
        "SELECT question_id, correct, rating, answer FROM reviews ORDER BY id").fetchall()
    assert rows == [("tensor.storage-stride.slice-stride", 1, 3, "(4, 1), 1"),
                    ("tensor.storage-stride.slice-stride", 0, 1, "(4, 1), 2")]


def test_coding_answer_is_a_solution_file(home: Path) -> None:
    q = CATALOG.get("tensor.storage-stride.can-view").q
    folder = exercises_dir() / q.exercise
    rc, data = answer(q.id, str(folder / "reference.py"))
    assert rc == 0 and data["verdict"]["status"] == "pass"
    rc, data = answer(q.id, str(next((folder / "mutants").glob("*.py"))), "--no-record")
    assert rc == 1 and data["verdict"]["status"] != "pass"


@pytest.mark.parametrize("args", [["no.such.id", "x"], ["tensor.storage-stride.slice-stride", " "],
                                  [first("choice").id, "z"], [first("open").id, "maybe"],
                                  [first("coding").id, "/no/such/file.py"]])
def test_bad_usage_is_one_line_and_exit_2(home: Path, args: list[str]) -> None:
    r = runner.invoke(app, ["answer", *args, "--no-record"])
    assert r.exit_code == 2 and "Traceback" not in r.output


def test_show_json_holds_the_text_as_written(home: Path) -> None:
    r = runner.invoke(app, ["show", "tensor.storage-stride.slice-stride", "--json"])
    data = json.loads(r.output)
    assert data["prompt"]["en"].startswith("`a = torch.arange(12)") and "answers" not in data
    data = json.loads(runner.invoke(app, ["show", "tensor.storage-stride.slice-stride", "--json", "--answer"]).output)
    assert data["answers"] == ["(4, 1), 1"]


def test_list_type_lists_questions_and_exercises_lists_coding(home: Path) -> None:
    rows = json.loads(runner.invoke(app, ["list", "--type", "coding", "--json"]).output)
    coding = [lq.id for lq in CATALOG.questions.values() if lq.q.type == "coding"]
    assert sorted(r["id"] for r in rows) == sorted(coding)
    plain = runner.invoke(app, ["list", "--type", "coding"]).output  # a pipe: one id a line, never cut
    assert [ln.split("\t")[0] for ln in plain.splitlines()] == [r["id"] for r in rows]
    ex = json.loads(runner.invoke(app, ["exercises", "--json"]).output)
    assert sorted(r["id"] for r in ex) == sorted(coding)
    assert {r["best"] for r in ex} == {"new"}
    softmax = [r for r in ex if "softmax" in r["id"]]
    assert softmax and all(r["family"] for r in softmax)


def _render(text: str, color: bool) -> str:
    buf = io.StringIO()
    old = render._console
    render._console = Console(file=buf, width=100, force_terminal=color, no_color=not color,
                              color_system="standard" if color else None, highlight=False)
    try:
        render.console().print(render.bank_text(text, "Why"))
    finally:
        render._console = old
    return buf.getvalue()


def test_bank_text_is_shown_as_written() -> None:
    text = ("Memory is H*W*C; _not_ **bold**, [dim] stays.\n"
            "```python\nfor i in range(4):\n    y[i] = 2\n```\nUse `x.t()`.")
    plain = _render(text, color=False)
    assert "Memory is H*W*C; _not_ **bold**, [dim] stays." in plain
    assert "    for i in range(4):\n        y[i] = 2" in plain and "```" not in plain and "`x.t()`" in plain
    colored = _render(text, color=True)
    assert "\x1b[" in colored and "H*W*C; _not_ **bold**, [dim] stays." in colored
    assert "`x.t()`" not in colored and "x.t()" in colored  # the span is styled instead
