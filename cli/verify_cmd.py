"""`dlprep verify`: thin wrapper over dlprep.verify with a progress bar and a summary table."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from dlprep.cli.app import app, edge
from dlprep.errors import BankError, UsageError


@app.command("verify")
@edge
def verify_cmd(
    selectors: list[str] = typer.Argument(None, metavar="[ID|TOPIC]...", help="Default: everything."),
    qtype: str = typer.Option(None, "--type", help="Only this question type (e.g. spot_bug)."),
    jobs: int = typer.Option(0, "--jobs", "-j", help="Parallel sandbox workers (default: number of cores)."),
    as_json: bool = typer.Option(False, "--json", help="The full report as JSON on stdout (the summary goes to "
                                                       "stderr), like every other --json."),
    json_file: Path = typer.Option(None, "--out", "-o", metavar="FILE", help="Write the full JSON report here."),
    junit_file: Path = typer.Option(None, "--junit-xml", metavar="FILE", help="Write a JUnit XML report here."),
    device: str = typer.Option("auto", "--device", metavar="auto|cpu|cuda", help="auto, cpu or cuda."),
    executor: str = typer.Option("local", "--executor", metavar="local|ray", help="local, or ray to scale out."),
    ray_address: str = typer.Option(None, "--ray-address", metavar="HOST:PORT",
                                    help="A Ray cluster to join (default with --executor ray: a private local "
                                         "runtime)."),
    changed: bool = typer.Option(False, "--changed", help="Prove only what changed: skip items whose content "
                                                          "(question, exercise files, checkers, torch/triton) has a "
                                                          "recorded pass on this machine."),
) -> None:
    """Prove every answer key and reference true on the installed torch/triton. Progress goes to
    stderr.

    Exit codes: 0 every key and reference holds, 1 some do not, 2 bad usage or broken banks,
    3 the sandbox refused."""
    from dlprep import bank, executors, verify
    from dlprep.cli import render
    from dlprep.verify_record import VerifyRecord

    catalog, problems = bank.load_catalog()
    if problems or catalog is None:
        raise BankError(problems)
    selection = verify.select(catalog, selectors or [], qtype)
    ex = executors.make_executor(executor, jobs, executors.GraderSpec(device), ray_address)
    with render.verify_progress(len(selection)) as advance:
        report = verify.run(catalog, selection, ex, advance, with_coverage=not (selectors or qtype),
                            record=VerifyRecord(), changed=changed)
    try:
        if json_file:
            json_file.write_text(json.dumps(report.to_json(), ensure_ascii=False, indent=2), encoding="utf-8")
        if junit_file:
            junit_file.write_text(render.junit_xml(report), encoding="utf-8")
    except OSError as e:
        raise UsageError(f"cannot write the report: {e}") from None
    if as_json:
        render.print_verify_report(report, stderr=True)
        typer.echo(json.dumps(report.to_json(), ensure_ascii=False, indent=2))
    else:
        render.print_verify_report(report)
    raise typer.Exit(0 if report.ok else 1)
