"""`dlprep interview`: a timed mock interview, its report and the list of past ones (the logic is
in dlprep.interview, the terminal loop in interview_ui)."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from dlprep.cli.app import app, edge
from dlprep.cli.browse import LangOpt, pick_lang

# Declared here, not imported from cli/quiz: app.py imports both, in either order.
DbOpt = typer.Option(None, "--db", help="Progress database (default: $DLPREP_HOME or the XDG data dir).")
SeedOpt = typer.Option(None, "--seed", help="Repeat the same questions and choice order.")
TopicsOpt = typer.Option(None, "--topic", "-t", help="Only these topics (repeatable).")
RESUME = {
    "en": "An interview started {at} is unfinished ({n}/{m} answered, {left} left). Resume it? [Y/n] ",
    "zh": "{at} 开始的面试尚未完成（已答 {n}/{m}，剩余 {left}）。继续吗？[Y/n] ",
}
ABANDONED = {"en": "interview #{id} recorded as abandoned", "zh": "面试 #{id} 已记为放弃"}


@app.command()
@edge
def interview(
    minutes: float = typer.Option(45, "--minutes", "-m", help="Length of the interview."),
    topic: list[str] = TopicsOpt,
    seed: int = SeedOpt,
    history: bool = typer.Option(False, "--history", help="List past interviews instead."),
    as_json: bool = typer.Option(False, "--json", help="Print the report (or the history) as JSON."),
    lang: str = LangOpt,
    db: Path = DbOpt,
) -> None:
    """A timed mock interview: warm-up concept questions, then coding exercises of the same topics;
    a countdown, no feedback until the end, then a report kept in your progress."""
    from dlprep import bank
    from dlprep import interview as iv_mod
    from dlprep.cli import interview_ui, quiz_ui
    from dlprep.store import Store

    lang = pick_lang(lang)
    with Store(db) as st:
        if history:
            rows = iv_mod.history(st)
            if as_json:
                typer.echo(json.dumps(rows, ensure_ascii=False, indent=2))
            else:
                interview_ui.print_history(rows, lang)
            return
        catalog = bank.catalog_or_raise()
        row = iv_mod.running(st)
        iv = None
        if row is not None:
            n, m, left = iv_mod.summary(st, row)
            at = row["started_at"][:16].replace("T", " ")
            try:
                answer = quiz_ui.read_line(RESUME[lang].format(at=at, n=n, m=m, left=interview_ui.mmss(left)))
            except EOFError:
                answer = "n"
            if answer.strip().lower() in ("", "y", "yes", "是"):
                iv = iv_mod.Interview(st, catalog, row)
            else:
                iv_mod.abandon(st, catalog, row)
                typer.echo(ABANDONED[lang].format(id=row["id"]))
        if iv is None:
            iv = iv_mod.Interview.start(st, catalog, minutes, topic or [], seed)
        rep, code = interview_ui.run(iv, lang, st.path)
        if rep is not None:
            if as_json:
                typer.echo(json.dumps(rep, ensure_ascii=False, indent=2))
            else:
                interview_ui.print_report(rep, lang)
    if code:
        raise typer.Exit(code)
