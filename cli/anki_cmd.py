"""`dlprep export anki FILE.apkg`: the questions as an Anki deck (dlprep.anki builds it)."""

from __future__ import annotations

from pathlib import Path

import typer

from dlprep.cli.app import app, edge

export_app = typer.Typer(help="Take the questions elsewhere.", no_args_is_help=True, rich_markup_mode=None)
app.add_typer(export_app, name="export")


@export_app.command("anki")
@edge
def anki(
    file: Path = typer.Argument(..., help="The .apkg file to write."),
    topic: list[str] = typer.Option(None, "--topic", "-t", help="Only these topics (repeatable)."),
    lang: str = typer.Option("both", "--lang", help="zh, en or both (both: English, then Chinese)."),
) -> None:
    """One note per question, stable across exports: importing a newer file updates the notes."""
    from dlprep import anki as anki_mod
    from dlprep import bank

    out = anki_mod.export(bank.catalog_or_raise(), file, topic or (), lang)
    typer.echo(f"exported {out.notes} note(s) to {out.path}")
