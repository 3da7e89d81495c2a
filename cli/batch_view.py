"""Rich output of `dlprep grade`: the progress bar and the class summary (table, histogram,
most-failed checks). Rendering only; the numbers come from dlprep.batch.BatchReport."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from rich.markup import escape
from rich.table import Table
from rich.text import Text

from dlprep.cli.render import console, err_console, styled

BAR_WIDTH = 40


@contextmanager
def grade_progress(total: int) -> Iterator[tuple[Callable[[int, int], None], Callable[[Any, Any], None]]]:
    """(on_start, on_result) callbacks: a bar with the last submitter and an ETA; plain lines for
    each submission that did not pass when stderr is not a terminal. Both on stderr."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    c = err_console()
    if not c.is_terminal:
        done = [0]

        def start(todo: int, reused: int) -> None:
            c.print(f"grading {todo} submission(s); {reused} verdict(s) reused from the journal", markup=False)

        def line(sub: Any, v: Any) -> None:
            done[0] += 1
            if v.status != "pass":
                c.print(f"[{done[0]}/{total}] {v.status}: {sub.submitter}", markup=False)

        yield start, line
        return
    with Progress(TextColumn("grade"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  TextColumn("{task.description}"), console=c, transient=True) as progress:
        task = progress.add_task("", total=total)

        def start_bar(todo: int, reused: int) -> None:
            progress.update(task, description=f"{reused} reused from the journal" if reused else "")

        def advance(sub: Any, v: Any) -> None:
            progress.update(task, advance=1, description=f"{escape(sub.submitter)}: {v.status}")

        yield start_bar, advance


def print_batch_report(report: Any, rows_shown: int = 200, stderr: bool = False) -> None:
    c = err_console() if stderr else console()
    table = Table(title=f"{report.question}: {len(report.rows)} submission(s), seed {report.seed}",
                  title_justify="left")
    for col, just in (("#", "right"), ("submitter", "left"), ("status", "left"), ("score", "right"),
                      ("first failing check", "left")):
        table.add_column(col, justify=just, overflow="fold")  # type: ignore[arg-type]
    for i, r in enumerate(report.rows[:rows_shown], 1):
        v, bad = r.verdict, r.first_failure
        why = f"{bad.name}: {(bad.message or '').splitlines()[0][:80] if bad.message else ''}" if bad else ""
        table.add_row(str(i), Text(r.submitter), styled(v.status), f"{v.score:g}/{v.max_score:g}", Text(why))
    c.print(table)
    if len(report.rows) > rows_shown:
        c.print(f"[dim]... {len(report.rows) - rows_shown} more in the result file[/dim]")
    hist = report.histogram()
    peak = max((n for _, n in hist), default=0) or 1
    c.print("[bold]scores[/bold]")
    for label, n in hist:
        c.print(f"  {label:>8} {'#' * round(BAR_WIDTH * n / peak):<{BAR_WIDTH}} {n}", markup=False)
    failed = report.most_failed()
    if failed:
        c.print("[bold]checks failed most often[/bold]")
        for name, n in failed:
            c.print(f"  {n:>4} x {name}", markup=False)
    statuses = ", ".join(f"{n} {s}" for s, n in report.statuses().most_common())
    c.print(f"{statuses}; graded now {report.graded}, reused from the journal {report.reused}; "
            f"{report.duration_s:.1f} s on {report.workers} {report.executor} worker(s); seed {report.seed}",
            markup=False)
    c.print(f"[dim]journal: {escape(report.journal)}[/dim]")
