"""Workload control: `dlprep config show|set` (config.toml: lang, retention) and the fitting behind
`dlprep stats --optimize`."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from dlprep.cli.app import app, edge

config_app = typer.Typer(help="Show or change your settings (config.toml).", no_args_is_help=True,
                         rich_markup_mode=None)
app.add_typer(config_app, name="config")


@config_app.command("show")
@edge
def show(as_json: bool = typer.Option(False, "--json", help="Print the settings as JSON.")) -> None:
    """The settings in effect and the file they are kept in."""
    from dlprep import config, paths

    values = config.values()
    if as_json:
        typer.echo(json.dumps(values))
        return
    for key, value in values.items():
        typer.echo(f"{key} = {value}")
    typer.echo(f"# {paths.config_file()}")


@config_app.command("set")
@edge
def set_cmd(key: str = typer.Argument(..., help="lang or retention."),
            value: str = typer.Argument(..., help="zh|en for lang; 0.7-0.99 for retention.")) -> None:
    """Change one setting. retention: the share of reviews FSRS aims for you to recall (0.9 by default);
    higher means shorter intervals and more reviews."""
    from dlprep import config, paths

    stored = config.set_value(key, value)
    typer.echo(f"{key} = {stored} (saved to {paths.config_file()})")


OPTIMIZED = ("fitted FSRS to {n} review(s): log loss {before:.4f} with the default parameters, {after:.4f} "
             "with yours; saved, and used by every review from now on")


def optimize(db: Path | None, as_json: bool) -> None:
    """`stats --optimize`: fit, print the losses, keep the parameters."""
    from dlprep import optimize as opt
    from dlprep.cli import render
    from dlprep.store import Store

    with Store(db) as st, render.spinner("fitting FSRS to your reviews ..."):
        fit = opt.optimize(st)
    if as_json:
        typer.echo(json.dumps({"reviews": fit.reviews, "log_loss_before": fit.loss_before,
                               "log_loss_after": fit.loss_after, "parameters": list(fit.parameters)}))
    else:
        typer.echo(OPTIMIZED.format(n=fit.reviews, before=fit.loss_before, after=fit.loss_after))
