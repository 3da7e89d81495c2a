"""`dlprep hint` and `dlprep solution`: the coach of a coding exercise (dlprep.coach). Each view is
recorded in the progress store before it is shown; a later pass is rated Hard after a hint and
Again after the solution."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from dlprep.cli.app import app, edge
from dlprep.cli.browse import LangOpt, pick_lang
from dlprep.errors import UsageError

if TYPE_CHECKING:
    from dlprep.bank import LoadedQuestion
    from dlprep.coach import Coach

DbOpt = typer.Option(None, "--db", help="Progress database (default: $DLPREP_HOME or the XDG data dir).")

IdArg = typer.Argument(..., metavar="ID", help="The coding question's id, or its exercise's name.")


@app.command()
@edge
def hint(
    qid: str = IdArg,
    level: int = typer.Option(None, "--level", "-l", help="Show this level (1 nudge, 2 approach, 3 key lines)."),
    lang: str = LangOpt,
    db: Path = DbOpt,
) -> None:
    """The next hint of a coding exercise not seen since you last passed it (or --level N)."""
    from dlprep import coach
    from dlprep.cli import render
    from dlprep.store import Store

    if level is not None and not 1 <= level <= coach.LEVELS:
        raise UsageError(f"--level must be 1 to {coach.LEVELS}")
    lang, lq, c = _exercise(qid, lang)
    with Store(db) as st:
        shown = level or min(coach.next_level(st.help_since_pass(lq.id)), coach.LEVELS)
        st.record_view(lq.id, shown)
        after = coach.next_level(st.help_since_pass(lq.id))
    con = render.console()
    con.print(render.coach_body(lq.id, shown, c.text(shown, lang), lang))
    con.print(render.coach_next(lq.id, after, lang), soft_wrap=True)


@app.command()
@edge
def solution(
    qid: str = IdArg,
    yes: bool = typer.Option(False, "--yes", "-y", help="Show it without asking, even if not passed yet."),
    lang: str = LangOpt,
    db: Path = DbOpt,
) -> None:
    """The worked solution of a coding exercise (asks first if you have not passed it)."""
    from dlprep import coach
    from dlprep.cli import render
    from dlprep.store import Store

    lang, lq, c = _exercise(qid, lang)
    with Store(db) as st:
        if not yes and not st.passed(lq.id):
            if not interactive():
                raise UsageError(f"{lq.id} is not passed yet and the worked solution gives it away (a later pass "
                                 "then rates Again); add --yes to see it anyway")
            ask = {"en": "You have not passed it yet; a pass after the solution rates Again. Show it?",
                   "zh": "你还没有通过这道题；看过详解后再通过会记为 Again。仍要显示吗？"}[lang]
            if not typer.confirm(ask, default=False):
                render.console().print({"en": "not shown", "zh": "未显示"}[lang], style="dim")
                return
        st.record_view(lq.id, coach.SOLUTION)
    render.console().print(render.coach_body(lq.id, coach.SOLUTION, c.text(coach.SOLUTION, lang), lang))


def _exercise(qid: str, lang: str | None) -> tuple[str, LoadedQuestion, Coach]:
    """The language, the coding question and its coach: a missing or broken coach file fails here,
    before anything is recorded."""
    from dlprep import bank, coach

    lq = coach.find(bank.catalog_for(qid), qid)
    return pick_lang(lang), lq, coach.load(lq.q.exercise)


def interactive() -> bool:
    """Whether a question can be asked (stdin is a terminal)."""
    return sys.stdin.isatty()
