"""`dlprep init` and `dlprep submit`: write a starter file, grade a solution file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from dlprep.cli.app import app, edge
from dlprep.cli.browse import LangOpt, pick_lang
from dlprep.errors import UsageError

DbOpt = typer.Option(None, "--db", help="Progress database (default: $DLPREP_HOME or the XDG data dir).")

if TYPE_CHECKING:
    from dlprep.models import CodingQuestion


def coding_question(qid: str) -> CodingQuestion:
    from dlprep import bank
    from dlprep.models import CodingQuestion

    q = bank.question(qid).q
    if not isinstance(q, CodingQuestion):
        raise UsageError(f"{qid} is a {q.type} question, not a coding exercise; try `dlprep show {qid}`")
    return q


@app.command()
@edge
def init(
    qid: str = typer.Argument(..., metavar="ID"),
    path: Path = typer.Argument(None, help="Where to write the starter (default: ./<exercise>.py)."),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing file."),
) -> None:
    """Write the exercise's starter file."""
    from dlprep.checkers.grader import Grader
    from dlprep.cli import render

    q = coding_question(qid)
    dest = Grader.write_starter(q, path or Path.cwd(), force=force)
    render.console().print(f"wrote {dest}\nnext: dlprep submit {qid} {dest}")


@app.command()
@edge
def submit(
    qid: str = typer.Argument(..., metavar="ID"),
    solution: Path = typer.Argument(..., metavar="FILE"),
    device: str = typer.Option("auto", "--device", help="auto, cpu or cuda."),
    as_json: bool = typer.Option(False, "--json", help="Print the verdict as JSON."),
    seed: int = typer.Option(None, "--seed", help="Fix the hidden cases (default: a fresh secret seed)."),
    isolation: str = typer.Option("best", "--isolation", metavar="full|container|best",
                                  help="What the sandbox must give before the code runs: full (namespaces), "
                                       "container (the container is the boundary; Landlock and seccomp inside) "
                                       "or best (default: whatever this machine gives)."),
    trust: str = typer.Option("all", "--trust", metavar="verified|all",
                              help="all (default): score every check; verified: only checks decided outside the "
                                   "solution's process (the others are shown as advisory)."),
    lang: str = LangOpt,
    db: Path = DbOpt,
    record: bool = typer.Option(True, "--record/--no-record",
                                help="Record the result in your progress (as a review of the exercise)."),
    case: str = typer.Option(None, "--case", metavar="NAME",
                             help="Run only this case (a public case's name, or a hidden one's with --seed) and "
                                  "print a snippet that rebuilds its inputs; not recorded."),
) -> None:
    """Grade a solution file in the sandbox. Exit 0 pass, 1 fail, 2 bad usage, 3 sandbox refused."""
    from dlprep.cli import render

    q = coding_question(qid)
    from dlprep import uploads
    from dlprep.checkers.sandbox.client import Sandbox

    # Read first: a path that is missing or refused ends here, before a worker starts importing torch.
    source = uploads.solution_source(solution)

    # The worker imports torch (seconds) while this process does the same, below: on two cores a
    # one-off grading is ready ~3 s sooner than when the worker starts after our imports.
    sandbox = Sandbox()
    sandbox.launch()
    from dlprep.checkers.grader import Grader

    with sandbox, render.spinner(f"grading {solution} ...", enabled=not as_json):  # closed if Grader refuses
        with Grader(device, isolation=isolation, trust=trust, sandbox=sandbox) as grader:
            verdict = grader.grade_source(q, source, solution.name, seed, case)
    if as_json:
        typer.echo(json.dumps(verdict.to_json(), ensure_ascii=False, indent=2, default=str))
    else:
        render.print_verdict(verdict, pick_lang(lang))
        render.print_repro(q, verdict, solution, case, seed)
    if case is not None:  # one case is a rerun of a failure, not an attempt at the exercise
        raise typer.Exit(0 if verdict.passed else 1)
    if record:
        nxt = _record(qid, verdict, solution, db)
        if not verdict.passed and nxt is not None and not as_json:
            render.console().print(render.coach_next(qid, nxt, pick_lang(lang)), soft_wrap=True)
    raise typer.Exit(0 if verdict.passed else 1)


def _record(qid: str, verdict: Any, solution: Path, db: Path | None) -> int | None:
    """Record the verdict as a review (a pass after a hint rates Hard, after the solution Again) and
    return the coach level to point to next (None when the exercise has no coach file)."""
    from dlprep import bank, coach
    from dlprep.session import Item, Session
    from dlprep.store import Store

    lq = bank.question(qid)
    with Store(db) as st:
        Session([Item(lq.q, lq.topic, mode="submit")], st).record_verdict(verdict, solution)
        return coach.pointer(st, lq.id, lq.q.exercise)
