"""The `dlprep` command line. Commands are thin: parse, call the core, render.

A DlprepError raised anywhere below turns into one red line on stderr and its exit code here,
at the edge, and nowhere else.
"""

from __future__ import annotations

import functools
import signal
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import typer

from dlprep.errors import DlprepError

F = TypeVar("F", bound=Callable[..., Any])

app = typer.Typer(
    name="dlprep",
    help="Interview prep for deep-learning frameworks: quizzes, spaced review, graded exercises.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def fail(message: str, code: int = 2) -> typer.Exit:
    from rich.console import Console
    from rich.markup import escape

    # escape(): messages quote ids in brackets, which rich would otherwise eat as style tags
    Console(stderr=True, highlight=False, soft_wrap=True).print(f"[red]error:[/red] {escape(message)}")
    return typer.Exit(code)


def edge(fn: F) -> F:
    """Turn the domain's errors into one clear line and a non-zero exit code."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except DlprepError as e:
            raise fail(str(e), e.exit_code) from None

    return wrapper  # type: ignore[return-value]


def _register() -> None:
    # Imported for their @app.command side effects; each module is one group of commands.
    from dlprep.cli import (  # noqa: F401
        anki_cmd,
        answer,
        browse,
        coach,
        doctor,
        grade,
        grading,
        interview,
        quiz,
        verify_cmd,
        workload,
    )


_register()


def main() -> None:
    # A process started from a background job of a non-interactive shell inherits SIGINT ignored,
    # and Python then keeps ignoring it: a quiz on its own terminal (a pseudo-terminal, say) would
    # never see Ctrl-C, which pauses it and keeps the answers. On a terminal, Ctrl-C is ours.
    if sys.stdin.isatty() and signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        app()
    except KeyboardInterrupt:
        sys.exit(130)
