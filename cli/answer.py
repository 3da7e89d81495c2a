"""`dlprep answer ID TEXT`: judge one answer without a session, for scripts and editors.

TEXT is read as the quiz reads it: choice letters in the order `dlprep show` lists them
(unshuffled), t/f, the short answer, the printed lines of an output question (`-` reads TEXT from
stdin), a rating 1-4 (or again/hard/good/easy) for an open question, a solution file for a coding
exercise. The answer is recorded like a quiz answer unless --no-record.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import typer

from dlprep.cli.app import app, edge
from dlprep.cli.browse import LangOpt, pick_lang

DbOpt = typer.Option(None, "--db", help="Progress database (default: $DLPREP_HOME or the XDG data dir).")

TextArg = typer.Argument(..., metavar="TEXT", help="The answer; several words are joined by spaces, `-` reads stdin.")


@dataclass(frozen=True)
class Result:
    correct: bool
    given: str
    judgement: Any = None  # dlprep.judging.Judgement (choice, true_false, short, output)
    rating: int | None = None  # open: the self-rating
    verdict: Any = None  # coding: the grader's Verdict


@app.command()
@edge
def answer(
    qid: str = typer.Argument(..., metavar="ID"),
    text: list[str] = TextArg,
    as_json: bool = typer.Option(False, "--json", help="Print the judgement as JSON."),
    no_record: bool = typer.Option(False, "--no-record", help="Only check: leave the progress store alone."),
    lang: str = LangOpt,
    db: Path = DbOpt,
) -> None:
    """Judge one answer: right or wrong, the diff or reason, the explanation. Exit 0 right, 1 wrong, 2 bad usage."""
    from dlprep import bank
    from dlprep.errors import UsageError
    from dlprep.session import Item, Session
    from dlprep.store import Store

    lang = pick_lang(lang)
    lq = bank.question(qid)
    given = sys.stdin.read() if text == ["-"] else " ".join(text)
    if not given.strip():
        raise UsageError("the answer is empty")
    if no_record:
        result = _judge(lq.q, given, None)
    else:
        with Store(db) as st:
            sess = Session([Item(lq.q, lq.topic)], st)
            try:
                result = _judge(lq.q, given, sess)
            finally:
                sess.close()
    if as_json:
        typer.echo(json.dumps(_to_json(lq.q, result, lang, recorded=not no_record), ensure_ascii=False, indent=2))
    else:
        _print(lq.q, result, lang)
    raise typer.Exit(0 if result.correct else 1)


def _judge(q: Any, given: str, sess: Any) -> Result:
    """Judge (and with a session, record) one answer of any type."""
    from dlprep import judging, scheduler
    from dlprep.errors import UsageError
    from dlprep.models import CodingQuestion, OpenQuestion

    if isinstance(q, OpenQuestion):
        key = given.strip().lower()
        rating = int(key) if key in ("1", "2", "3", "4") else scheduler.RATINGS.get(key)
        if rating is None:
            raise UsageError(f"{q.id} is an open question: answer with your self-rating, 1 again · 2 hard · "
                             "3 good · 4 easy")
        if sess is not None:
            sess.rate(rating)
        return Result(scheduler.correct_for(rating), key, rating=rating)
    if isinstance(q, CodingQuestion):
        path = Path(given.strip())
        if not path.is_file():
            raise UsageError(f"{q.id} is a coding exercise: answer with the path of your solution file "
                             f"({path} is not a file)")
        if sess is not None:
            out, verdict = sess.grade_coding(path)
            return Result(out is not None and out.correct, str(path), verdict=verdict)
        from dlprep.checkers.grader import Grader

        with Grader() as grader:
            verdict = grader.grade(q, path)
        return Result(verdict.status == "pass", str(path), verdict=verdict)
    try:
        if sess is not None:
            j = sess.answer(given).judgement
        else:
            j = judging.judge(q, given)
    except judging.InvalidAnswer as e:
        raise UsageError(f"{q.id}: {e}") from None
    return Result(j.correct, j.given, judgement=j)


def _to_json(q: Any, r: Result, lang: str, recorded: bool) -> dict[str, Any]:
    from dlprep.cli import render

    out: dict[str, Any] = {"version": 1, "id": q.id, "type": q.type, "correct": r.correct, "given": r.given,
                           "expected": render.answer_text(q, lang, plain=True), "recorded": recorded}
    j = r.judgement
    if j is not None and j.lines is not None:
        out["lines"] = [{"yours": ln.yours, "expected": ln.expected, "ok": ln.ok} for ln in j.lines.lines]
        out["lines_right"], out["lines_total"] = j.lines.right, j.lines.total
    if j is not None and j.by_running:
        out["reason"] = "judged by running the answer"
    if j is not None and j.proof is not None:  # spot_bug: what the given input showed
        out["proof"], out["proved"] = j.proof, j.proved
    if r.rating is not None:
        out["rating"] = r.rating
    if r.verdict is not None:
        out["verdict"] = r.verdict.to_json()
    out["explanation"] = q.explanation.get(lang)
    out["misconception"] = q.misconception.get(lang) if q.misconception else None
    out["refs"] = list(q.refs)
    return out


def _print(q: Any, r: Result, lang: str) -> None:
    from dlprep.cli import render
    from dlprep.cli.quiz_ui import UI

    con, t = render.console(), UI[lang]
    if r.verdict is not None:
        render.print_verdict(r.verdict, lang)
    if r.correct:
        con.print(t["right"], style="bold green", markup=False)
    elif q.type in ("short", "choice", "true_false"):
        con.print(t["wrong_given"].format(given=r.given), style="bold red", markup=False)
    else:
        con.print(t["wrong"], style="bold red", markup=False)
    j = r.judgement
    if j is not None and j.lines is not None and not r.correct:
        con.print(render.output_diff(j.lines, lang))
    if j is not None and j.proof is not None:
        con.print(t["proved" if j.proved else "proof"].format(text=j.proof), style="green" if j.proved else "yellow",
                  markup=False)
    con.print(render.answer_body(q, lang))
