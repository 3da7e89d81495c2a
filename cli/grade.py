"""`dlprep grade` (a whole class, one exercise) and `dlprep autograder` (a Gradescope bundle)."""

from __future__ import annotations

from pathlib import Path

import typer

from dlprep.cli.app import app, edge
from dlprep.cli.grading import coding_question
from dlprep.errors import UsageError


@app.command()
@edge
def grade(
    qid: str = typer.Argument(..., metavar="ID"),
    paths: list[Path] = typer.Argument(..., metavar="PATH...",
                                       help="Submission files, or folders holding one submission each (the folder's "
                                            "name is the submitter); any other folder is a class: each .py "
                                            "file and each subfolder in it is one submission."),
    jobs: int = typer.Option(0, "--jobs", "-j", help="Parallel sandbox workers (default: number of cores; with "
                                                     "Ray: the cluster's CPUs)."),
    out: Path = typer.Option(None, "--out", "-o", help="Write the results here (atomically)."),
    fmt: str = typer.Option(None, "--format", help="json, csv, junit, gradescope or exercism (default: from the "
                                                   "--out suffix, else json). gradescope/exercism write one "
                                                   "results.json per submission: a folder when there are several."),
    seed: int = typer.Option(None, "--seed", help="The hidden cases' seed for the whole batch (default: the one "
                                                  "the journal recorded, else a fresh one; it is recorded)."),
    isolation: str = typer.Option("strict", "--isolation",
                                  help="strict (default: other people's code): refuse to run below full isolation "
                                       "and score only verified checks; best: whatever this machine gives."),
    executor: str = typer.Option("local", "--executor", help="local, or ray to scale out."),
    ray_address: str = typer.Option(None, "--ray-address", help="A Ray cluster to join (default with --executor "
                                                                "ray: a private local runtime)."),
    journal_file: Path = typer.Option(None, "--journal",
                                      help="The resumable JSON-lines journal (default: OUT.journal.jsonl, else "
                                           "./dlprep-grade-ID.journal.jsonl)."),
    timeout: float = typer.Option(None, "--timeout", help="Seconds per submission (default: the exercise's limit)."),
    device: str = typer.Option("auto", "--device", help="auto, cpu or cuda."),
) -> None:
    """Grade many submissions of one exercise with one seed; resumable. Exit 0 once every
    submission has a verdict (whatever the verdicts), 2 bad usage, 3 sandbox refused."""
    from dlprep import batch, executors, result_formats
    from dlprep.cli.batch_view import grade_progress, print_batch_report

    q = coding_question(qid)
    fmt = result_formats.pick_format(fmt, out)
    if timeout is not None and timeout <= 0:
        raise UsageError("--timeout must be positive")
    subs = batch.collect(q, paths)
    journal = batch.Journal(journal_file or batch.default_journal(q.id, out))
    spec = executors.GraderSpec(device, isolation, timeout)
    if isolation not in ("best", "strict"):
        raise UsageError(f"unknown isolation {isolation!r}; use best or strict")
    ex = executors.make_executor(executor, jobs, spec, ray_address)
    with grade_progress(len(subs)) as (on_start, on_result):
        report = batch.grade_batch(q, subs, ex, journal, seed, on_result, on_start, executor)
    written = result_formats.write(report, fmt, out) if out else []
    print_batch_report(report)
    if written:
        more = f" and {len(written) - 1} more file(s) beside it" if len(written) > 1 else ""
        typer.echo(f"wrote {written[0]}{more}")


@app.command()
@edge
def autograder(
    qid: str = typer.Argument(..., metavar="ID"),
    out: Path = typer.Argument(..., metavar="OUT.zip"),
    target: str = typer.Option(..., "--for", help="The grading platform: gradescope."),
    seed: int = typer.Option(None, "--seed", help="The hidden cases' seed baked in (default: a fresh one)."),
    isolation: str = typer.Option("strict", "--isolation", help="strict or best, as for `dlprep grade`."),
) -> None:
    """Write an autograder bundle: setup.sh installs dlprep, run_autograder grades the upload."""
    from dlprep.autograder import bundle

    q = coding_question(qid)
    used = bundle(q.id, target, out, seed, isolation)
    typer.echo(f"wrote {out} ({target}, {q.id}, seed {used}, isolation {isolation})")
