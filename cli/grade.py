"""`dlprep grade` (a whole class, or one upload, of one exercise) and `dlprep autograder` (the
bundle a course uploads to Gradescope, Exercism, GitHub Classroom or PrairieLearn)."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from dlprep.cli.app import app, edge
from dlprep.cli.grading import coding_question
from dlprep.errors import UsageError

TRUST_HELP = ("Which checks score. verified (default for other people's code): only checks decided outside "
              "the solution's process; the others are shown as advisory. all: every check.")
ISOLATION_HELP = ("What the sandbox must give before any code runs. full (default): namespaces (no network, a "
                  "private file system, its own processes). container: inside a container (Docker's default: root "
                  "without CAP_SYS_ADMIN), the container is the boundary and dlprep adds Landlock and seccomp. "
                  "best: whatever this machine gives.")


@app.command()
@edge
def grade(
    qid: str = typer.Argument(..., metavar="ID", help="The exercise's question id."),
    paths: list[Path] = typer.Argument(..., metavar="PATH...",
                                       help="Submission files, or folders holding one submission each (the folder's "
                                            "name is the submitter); any other folder is a class: each .py "
                                            "file and each subfolder in it is one submission."),
    upload: bool = typer.Option(False, "--upload",
                                help="PATH is ONE student's upload (a platform's submission folder): graded as one "
                                     "submission, whatever else it holds: solution.py, else ID's <exercise>.py, else "
                                     "its only .py file."),
    jobs: int = typer.Option(0, "--jobs", "-j", help="Parallel sandbox workers (default: number of cores; with "
                                                     "Ray: the cluster's CPUs)."),
    out: str = typer.Option(None, "--out", "-o", metavar="FILE|DIR|-",
                            help="Write the results here (atomically); - writes them to stdout."),
    as_json: bool = typer.Option(False, "--json", help="The report as JSON on stdout (as --format json --out -)."),
    fmt: str = typer.Option(None, "--format", metavar="FORMAT",
                            help="json, csv, junit, gradescope, exercism or prairielearn (default: from the --out "
                                 "suffix, else json). The last three write one results.json per submission: a "
                                 "folder when there are several. Without --out: to stdout."),
    seed: int = typer.Option(None, "--seed", help="The hidden cases' seed for the whole batch (default: the one "
                                                  "the journal recorded, else a fresh one; it is recorded)."),
    seed_file: Path = typer.Option(None, "--seed-file", metavar="FILE",
                                   help="Read the seed from FILE (kept where the runs cannot read it; never on a "
                                        "command line). With --upload, the upload's seed is this secret mixed with "
                                        "the upload's hash: what one upload prints of its cases tells nothing about "
                                        "another's."),
    trust: str = typer.Option("verified", "--trust", metavar="verified|all", help=TRUST_HELP),
    isolation: str = typer.Option("full", "--isolation", metavar="full|container|best", help=ISOLATION_HELP),
    require_pass: bool = typer.Option(False, "--require-pass",
                                      help="Exit 1 unless every submission passed (a CI check, GitHub Classroom)."),
    executor: str = typer.Option("local", "--executor", metavar="local|ray", help="local, or ray to scale out."),
    ray_address: str = typer.Option(None, "--ray-address", metavar="HOST:PORT",
                                    help="A Ray cluster to join (default with --executor ray: a private local "
                                         "runtime)."),
    journal_file: Path = typer.Option(None, "--journal", metavar="FILE",
                                      help="The resumable JSON-lines journal (default: OUT.journal.jsonl, else "
                                           "./dlprep-grade-ID.journal.jsonl)."),
    timeout: float = typer.Option(None, "--timeout", metavar="SECONDS",
                                  help="Seconds per submission (default: the exercise's limit)."),
    device: str = typer.Option("auto", "--device", metavar="auto|cpu|cuda", help="auto, cpu or cuda."),
) -> None:
    """Grade many submissions of one exercise with one seed; resumable. Progress goes to stderr;
    with --json, --format without --out, or --out -, the results go to stdout and the summary to
    stderr.

    Exit codes: 0 every submission has a verdict (whatever the verdicts; with --require-pass:
    and every one passed), 1 --require-pass and some did not pass, 2 bad usage, 3 the sandbox
    refused to run (isolation below what --isolation asks)."""
    from dlprep import batch, executors, result_formats
    from dlprep.cli.batch_view import grade_progress, print_batch_report
    from dlprep.platforms import upload as one_upload

    q = coding_question(qid)
    _check_choices(trust, isolation)
    fmt, out_path, to_stdout = result_formats.destination(fmt, out, as_json)
    if timeout is not None and timeout <= 0:
        raise UsageError("--timeout must be positive")
    subs, batch_seed = one_upload.submissions(q, paths, upload, seed, seed_file)
    if to_stdout and fmt in result_formats.PER_SUBMISSION and len(subs) != 1:  # before, not after, grading
        raise UsageError(f"--format {fmt} gives one results.json per submission: with {len(subs)} submissions, "
                         "pass --out FOLDER")
    journal = batch.Journal(journal_file or batch.default_journal(q.id, out_path))
    spec = executors.GraderSpec(device, isolation, timeout, trust)
    ex = executors.make_executor(executor, jobs, spec, ray_address)
    with grade_progress(len(subs)) as (on_start, on_result):
        report = batch.grade_batch(q, subs, ex, journal, batch_seed, on_result, on_start, executor)
    if fmt in result_formats.PER_SUBMISSION:
        report = one_upload.with_points(report, q, spec, q.entry)
    if to_stdout:
        text = result_formats.render(report, fmt)
        print_batch_report(report, stderr=True)
        sys.stdout.write(text)
        sys.stdout.flush()
    else:
        written = result_formats.write(report, fmt, out_path) if out_path else []
        print_batch_report(report)
        if written:
            more = f" and {len(written) - 1} more file(s) beside it" if len(written) > 1 else ""
            typer.echo(f"wrote {written[0]}{more}")
    if require_pass and not all(r.verdict.passed for r in report.rows):
        raise typer.Exit(1)


def _check_choices(trust: str, isolation: str) -> None:
    if trust not in ("verified", "all"):
        raise UsageError(f"unknown trust {trust!r}; use verified or all")
    if isolation not in ("full", "container", "best"):
        raise UsageError(f"unknown isolation {isolation!r}; use full, container or best")


@app.command()
@edge
def autograder(
    qid: str = typer.Argument(..., metavar="ID", help="The exercise's question id."),
    out: Path = typer.Argument(..., metavar="OUT",
                               help="gradescope: the zip to write; the other platforms: a folder."),
    target: str = typer.Option(..., "--for", metavar="PLATFORM",
                               help="gradescope, exercism, github-classroom or prairielearn."),
    seed: int = typer.Option(None, "--seed", help="The hidden cases' seed baked in (gradescope, prairielearn; "
                                                  "default: a fresh one)."),
    trust: str = typer.Option("verified", "--trust", metavar="verified|all", help=TRUST_HELP),
    isolation: str = typer.Option("container", "--isolation", metavar="full|container|best",
                                  help="As for `dlprep grade`; default container: the platform's container is "
                                       "the boundary."),
    package: str = typer.Option(None, "--package", metavar="REQUIREMENT",
                                help="github-classroom: what the workflow pip-installs for dlprep (default: "
                                     "dlprep==this version; e.g. a git URL or a course index)."),
) -> None:
    """Write what a course uploads to a grading platform: Gradescope's autograder zip (setup.sh,
    run_autograder), Exercism's test runner (bin/run.sh, Dockerfile), GitHub Classroom's
    workflow (.github/workflows/classroom.yml), PrairieLearn's external grader (run.sh).

    Exit codes: 0 written, 2 bad usage, 3 the sandbox refused (github-classroom grades the
    reference once to learn the points)."""
    from dlprep import executors
    from dlprep.autograder import bundle
    from dlprep.platforms import upload as one_upload

    q = coding_question(qid)
    _check_choices(trust, isolation)
    points = 0.0
    if target == "github-classroom":  # the command grader's max-score: what the exercise is out of
        points = one_upload.exercise_points(q, executors.GraderSpec("cpu", "best", None, trust))
    used = bundle(q.id, q.exercise, target, out, seed, isolation, trust, points, package)
    secret = f", seed {used} (kept from the runs)" if target in ("gradescope", "prairielearn") else ""
    typer.echo(f"wrote {out} ({target}, {q.id}{secret}, trust {trust}, isolation {isolation})")
