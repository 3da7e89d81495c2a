"""`dlprep quiz`, `review`, `stats` and `progress`: thin commands; the terminal session lives in
quiz_ui (imported on use, so that `dlprep --help` stays fast)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from dlprep.cli.app import app, edge
from dlprep.cli.browse import LangOpt, pick_lang
from dlprep.kinds import QUESTION_TYPES

if TYPE_CHECKING:
    from dlprep.session import Item
    from dlprep.store import Store

DbOpt = typer.Option(None, "--db", help="Progress database (default: $DLPREP_HOME or the XDG data dir).")
EditOpt = typer.Option(False, "--edit", help="Open $EDITOR on the starter file of coding questions.")
SeedOpt = typer.Option(None, "--seed", help="Repeat the same order and choice shuffle.")
TopicsOpt = typer.Option(None, "--topic", "-t", help="Only these topics (repeatable).")
TypesOpt = typer.Option(None, "--type", help=f"Only these types (repeatable): {', '.join(QUESTION_TYPES)}.")
AheadOpt = typer.Option(False, "--ahead", help="Cram: also review cards not due yet, soonest first.")
ExportFileArg = typer.Argument(..., help="JSON file to write.")
ImportFileArg = typer.Argument(..., help="A file written by `dlprep progress export`.")


@app.command()
@edge
def quiz(
    topic: list[str] = TopicsOpt,
    qtype: list[str] = TypesOpt,
    difficulty: str = typer.Option(None, "--difficulty", "-d", help="easy, medium or hard."),
    count: int = typer.Option(20, "--count", "-n", help="How many questions."),
    lang: str = LangOpt,
    seed: int = SeedOpt,
    db: Path = DbOpt,
    edit: bool = EditOpt,
) -> None:
    """A quiz session: one question at a time, each answer saved to your progress at once."""
    from dlprep import bank
    from dlprep.session import quiz_items
    from dlprep.store import Store

    lang = pick_lang(lang)
    items = quiz_items(bank.catalog_or_raise(), topic or (), qtype or (), difficulty, count, seed)
    with Store(db) as st:
        _ask(items, st, lang, edit)


@app.command()
@edge
def review(
    new: int = typer.Option(10, "--new", help="At most this many never-seen questions."),
    limit: int = typer.Option(50, "--limit", help="At most this many questions in all."),
    ahead: bool = AheadOpt,
    topic: list[str] = TopicsOpt,
    lang: str = LangOpt,
    seed: int = SeedOpt,
    db: Path = DbOpt,
    edit: bool = EditOpt,
    max_per_day: int = typer.Option(None, "--max", help="At most this many reviews a day, counting those "
                                                        "already done today."),
) -> None:
    """Spaced review (FSRS): due questions first, then a few new ones."""
    from dlprep import bank
    from dlprep.cli import quiz_ui, render
    from dlprep.scheduler import next_due
    from dlprep.session import review_items
    from dlprep.store import Store, now_utc

    lang = pick_lang(lang)
    catalog = bank.catalog_or_raise()
    with Store(db) as st:
        if max_per_day is not None:
            from dlprep.session import daily_left

            limit, done = daily_left(st, now_utc(), max_per_day, limit)
            if limit == 0:
                render.console().print(quiz_ui.DAILY_CAP[lang].format(done=done, cap=max_per_day), markup=False)
                return
        items = review_items(catalog, st, now_utc(), new, limit, ahead, topic or (), seed)
        if not items:
            when = next_due(st.cards(), list(catalog.questions))
            text = when.astimezone().strftime("%Y-%m-%d %H:%M") if when else quiz_ui.UI[lang]["never"]
            render.console().print(quiz_ui.UI[lang]["nothing_due"].format(when=text), markup=False)
            return
        _ask(items, st, lang, edit)


def _ask(items: list[Item], st: Store, lang: str, edit: bool) -> None:
    """One session over `items`; its exit code (quit early, Ctrl-C) becomes the command's."""
    from dlprep.cli import quiz_ui
    from dlprep.session import Session

    code = quiz_ui.run(Session(items, st), lang, st.path, edit)
    if code:
        raise typer.Exit(code)


@app.command()
@edge
def stats(
    topic: str = typer.Option(None, "--topic", "-t", help="Only this topic."),
    as_json: bool = typer.Option(False, "--json", help="Print the numbers as JSON."),
    banks: bool = typer.Option(False, "--bank", help="Instead: how the keys are backed (probe or docs), per "
                                                     "topic and type, counted from the banks; runs nothing."),
    lang: str = LangOpt,
    db: Path = DbOpt,
    optimize: bool = typer.Option(False, "--optimize", help="Fit the FSRS parameters to your own review log "
                                                            "and use them from now on."),
    plain: bool = typer.Option(False, "--plain", help="Tables instead of charts."),
) -> None:
    """Progress per topic, the weakest questions, a calendar of daily activity, the due forecast and
    accuracy over time."""
    from dlprep import bank
    from dlprep import stats as stats_mod
    from dlprep.store import Store, now_utc

    lang = pick_lang(lang)
    catalog = bank.catalog_or_raise()
    if banks:
        from dlprep import evidence
        from dlprep.cli import render

        qs = [lq for lq in catalog.questions.values() if topic is None or lq.topic == catalog.topic(topic).id]
        ev = evidence.from_banks(qs)
        if as_json:
            typer.echo(json.dumps(ev.to_json(), ensure_ascii=False, indent=2))
        else:
            render.print_evidence(ev, "probed")
        return
    if optimize:
        from dlprep.cli import workload

        return workload.optimize(db, as_json)
    now = now_utc()
    with Store(db) as st:
        from dlprep.scheduler import Scheduler

        s = stats_mod.compute(catalog, st.cards(), st.reviews(), now, topic, sched=Scheduler.for_user(st))
    if as_json:
        typer.echo(json.dumps(s.to_json(), ensure_ascii=False, indent=2))
    else:
        from dlprep.cli import charts, quiz_ui

        quiz_ui.print_stats(s, lang, now)
        charts.print_charts(s, lang, plain)


progress_app = typer.Typer(help="Back up, move or check your progress.", no_args_is_help=True,
                           rich_markup_mode=None)
app.add_typer(progress_app, name="progress")


@progress_app.command("export")
@edge
def export_cmd(file: Path = ExportFileArg, db: Path = DbOpt) -> None:
    """Write every review and card to a JSON file (import restores it exactly)."""
    from dlprep.store import Store

    with Store(db) as st:
        n = st.export(file)
    typer.echo(f"exported {n['reviews']} review(s) and {n['cards']} card(s) to {file}")


@progress_app.command("import")
@edge
def import_cmd(file: Path = ImportFileArg, db: Path = DbOpt) -> None:
    """Merge an export into the progress database; importing the same file twice adds nothing."""
    from dlprep.store import Store

    with Store(db) as st:
        r = st.import_file(file)
    typer.echo(f"imported {r.reviews_added} review(s) ({r.reviews_present} already present), "
               f"updated {r.cards_updated} card(s)")


@progress_app.command("check")
@edge
def check_cmd(db: Path = DbOpt) -> None:
    """Run SQLite's integrity check on the progress database."""
    from dlprep.errors import UsageError
    from dlprep.store import Store

    with Store(db) as st:
        problems = st.integrity()
        n = st.count_reviews()
    if problems != ["ok"]:
        raise UsageError("integrity check failed: " + "; ".join(problems[:5]))
    typer.echo(f"ok: {st.path}, {n} review(s)")
