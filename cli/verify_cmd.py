"""`dlprep verify`: thin wrapper over dlprep.verify with a progress bar and a summary table."""

from __future__ import annotations

import json
import os
from pathlib import Path

import typer

from dlprep.cli.app import app, edge
from dlprep.errors import BankError, UsageError


@app.command("verify")
@edge
def verify_cmd(
    selectors: list[str] = typer.Argument(None, metavar="[ID|TOPIC]...", help="Default: everything."),
    jobs: int = typer.Option(0, "--jobs", "-j", help="Parallel sandbox workers (default: number of cores)."),
    json_file: Path = typer.Option(None, "--json", help="Write the full report as JSON here."),
    junit_file: Path = typer.Option(None, "--junit-xml", help="Write a JUnit XML report here."),
    device: str = typer.Option("auto", "--device", help="auto, cpu or cuda."),
) -> None:
    """Prove every answer key and reference true on the installed torch/triton."""
    from dlprep import bank, verify
    from dlprep.cli import render

    catalog, problems = bank.load_catalog()
    if problems or catalog is None:
        raise BankError(problems)
    if jobs < 0:
        raise UsageError("--jobs must be positive")
    selection = verify.select(catalog, selectors or [])
    executor = verify.LocalExecutor(jobs or os.cpu_count() or 1, device)
    with render.verify_progress(len(selection)) as advance:
        report = verify.run(catalog, selection, executor, advance, with_coverage=not selectors)
    try:
        if json_file:
            json_file.write_text(json.dumps(report.to_json(), ensure_ascii=False, indent=2), encoding="utf-8")
        if junit_file:
            junit_file.write_text(render.junit_xml(report), encoding="utf-8")
    except OSError as e:
        raise UsageError(f"cannot write the report: {e}") from None
    render.print_verify_report(report)
    raise typer.Exit(0 if report.ok else 1)
