"""Browsing the banks: `list`, `show`, `lint`. None of these may import torch (start-up speed); heavy
imports happen inside the commands so that `dlprep --help` loads none of them."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from dlprep import config
from dlprep.cli.app import app, edge
from dlprep.errors import BankError, UsageError
from dlprep.kinds import QUESTION_TYPES

LangOpt = typer.Option(None, "--lang", help="zh or en (default: config file, then LANG)")


def pick_lang(lang: str | None) -> str:
    if lang is None:
        return config.default_lang()
    if lang not in config.LANGS:
        raise UsageError(f"unknown language {lang!r}; use zh or en")
    return lang


@app.command("list")
@edge
def list_cmd(
    topic: str = typer.Option(None, "--topic", "-t", help="List the questions of one topic."),
    qtype: str = typer.Option(None, "--type", help=f"Only this type: {', '.join(QUESTION_TYPES)}."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of a table."),
    lang: str = LangOpt,
) -> None:
    """Topics with their question counts, or the questions of one topic and/or one type."""
    from dlprep import bank
    from dlprep.cli import render

    catalog = bank.catalog_or_raise()
    if qtype is not None and qtype not in QUESTION_TYPES:
        raise UsageError(f"unknown type {qtype!r}; use one of {', '.join(QUESTION_TYPES)}")
    if topic is not None:
        catalog.topic(topic)  # unknown topics fail with suggestions
    rows = render.listing(catalog, topic, qtype)
    if as_json:
        typer.echo(json.dumps(rows, ensure_ascii=False, indent=2))
    else:
        render.print_listing(rows, topic, qtype, pick_lang(lang))


@app.command()
@edge
def exercises(
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of a table."),
    db: Path = typer.Option(None, "--db", help="Progress database (default: $DLPREP_HOME or the XDG data dir)."),
) -> None:
    """Every coding exercise: id, checker family, difficulty, topic, device needs, your best result."""
    from dlprep import bank
    from dlprep.cli import render
    from dlprep.store import Store, default_path

    catalog = bank.catalog_or_raise()
    path = db or default_path()
    reviews = []
    if path.exists():  # listing never creates a progress database
        with Store(path) as st:
            reviews = st.reviews()
    rows = render.exercises(catalog, reviews)
    if as_json:
        typer.echo(json.dumps(rows, ensure_ascii=False, indent=2))
    else:
        render.print_exercises(rows)


@app.command()
@edge
def show(
    qid: str = typer.Argument(..., metavar="ID"),
    lang: str = LangOpt,
    answer: bool = typer.Option(False, "--answer", "-a", help="Also show the answer and explanation."),
    as_json: bool = typer.Option(False, "--json", help="Print the question as JSON (text as written in the bank)."),
) -> None:
    """Show one question (and with --answer, its key and explanation)."""
    from dlprep import bank
    from dlprep.cli import render

    lq = bank.question(qid)
    if as_json:
        data = lq.q.model_dump(mode="json", exclude_none=True)
        if not answer:  # the same split as the terminal view: the key only when asked for
            for key in ("answer", "answers", "expected", "model_answer", "rubric", "explanation", "misconception",
                        "probe", "judge", "hunks", "expose", "origin"):
                data.pop(key, None)
        typer.echo(json.dumps({"topic": lq.topic, **data}, ensure_ascii=False, indent=2))
        return
    render.print_question(lq.q, pick_lang(lang))
    if answer:
        render.print_answer(lq.q, pick_lang(lang))


@app.command()
@edge
def lint(
    paths: list[Path] = typer.Argument(None, help="Bank files (default: every bank)."),
    strict: bool = typer.Option(False, "--strict", help="Also fail when the banks miss the balance targets."),
) -> None:
    """Check the banks: YAML, schema, ids, translations, answer keys, exercise files, the text rules
    (Chinese spacing, sources, zh/en agreement), the exercises' coach.yaml files and the test-taking
    tells. Given coach.yaml files only, check just those."""
    from dlprep import bank, coach
    from dlprep import lint as lint_mod
    from dlprep.cli import render

    if paths and all(p.name == coach.FILE for p in paths):
        problems = [line for p in paths for line in lint_mod.coach_file_problems(p)]
        if problems:
            raise BankError(problems)
        render.console().print(f"[green]ok[/green]: {len(paths)} coach file(s)")
        return
    catalog, problems = bank.load_catalog(paths or None)
    if problems or catalog is None:
        raise BankError(problems)
    report = lint_mod.run(catalog, strict)
    render.print_lint_report(report)
    if not report.ok:
        raise BankError(report.problems + (report.target_misses if report.enforced else []))
    render.console().print(
        f"[green]ok[/green]: {len(catalog.by_topic)} bank(s), {len(catalog.questions)} question(s)"
    )
