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

def _plain_usage() -> None:
    """Usage text as people write it: `ID PATH...`, not typer 0.29's `{ID} {PATH...}...`, and
    types as click names them (INTEGER, TEXT, PATH), not Python's `<list[Path]>`. An argument or
    option with its own metavar shows only that."""
    from typer.core import TyperArgument, TyperOption

    words = {"int": "INTEGER", "str": "TEXT", "float": "FLOAT", "Path": "PATH", "bool": ""}

    def usage_name(self: TyperArgument) -> str:
        name = self.display_name_raw
        if self.nargs != 1 and not name.endswith("..."):
            name += "..."
        return name if self.required else f"[{name}]"

    def display_type(self: TyperArgument | TyperOption, ctx: Any) -> str:
        if self.metavar is not None or getattr(self, "is_flag", False):
            return ""
        label = self.bare_type()
        inner = label[5:-1] if label.startswith("list[") else label
        return words.get(inner, inner.upper())

    TyperArgument._usage_display_name = usage_name  # type: ignore[method-assign]
    TyperArgument.display_type = display_type  # type: ignore[method-assign,assignment]
    TyperOption.display_type = display_type  # type: ignore[method-assign,assignment]


_plain_usage()

app = typer.Typer(
    name="dlprep",
    help="Interview prep for deep-learning frameworks: quizzes, spaced review, graded exercises.\n\n"
         "Exit codes: 0 success, 1 a check or answer did not pass, 2 bad usage, 3 the sandbox refused; "
         "each command's --help says what its own mean. Shell completion: dlprep --install-completion.",
    no_args_is_help=True,
    add_completion=True,
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


# What each command's exit status means, for the commands whose own help does not say it
# already (grade, autograder, submit, answer, doctor do, in their docstrings). Shown at the end
# of the command's --help; test_platforms checks that every command's help names its exit codes.
EXIT_CODES = {
    "list": "0 listed, 2 bad usage (an unknown topic or type).",
    "exercises": "0 listed, 2 bad usage.",
    "show": "0 shown, 2 bad usage (an unknown id).",
    "lint": "0 the banks are clean, 2 problems found (one line each) or bad usage.",
    "hint": "0 shown, 2 bad usage (an unknown id, no coach file).",
    "solution": "0 shown (or declined), 2 bad usage.",
    "init": "0 written, 2 bad usage (the file exists without --force, an unknown id).",
    "interview": "0 finished or paused, 130 after Ctrl-C (answers kept), 2 bad usage.",
    "quiz": "0 the session ended or was quit, 130 after Ctrl-C (answers kept), 2 bad usage.",
    "review": "0 the session ended or was quit, 130 after Ctrl-C (answers kept), 2 bad usage.",
    "stats": "0 shown, 2 bad usage.",
    "verify": "0 every key and reference holds, 1 some do not, 2 bad usage or broken banks, 3 the sandbox "
              "refused.",
    "export anki": "0 written, 2 bad usage.",
    "progress export": "0 written, 2 bad usage.",
    "progress import": "0 imported, 2 bad usage (a file that is not a dlprep export).",
    "progress check": "0 the database is sound, 2 the integrity check failed.",
    "config show": "0 shown.",
    "config set": "0 set, 2 bad usage (an unknown key or value).",
}


def _document_exit_codes(group: typer.Typer, prefix: str = "") -> None:
    for info in group.registered_commands:
        fn = info.callback
        name = (prefix + (info.name or (fn.__name__ if fn else "")).replace("_", "-")).strip()
        doc = (fn.__doc__ or "") if fn else ""
        if fn is not None and name in EXIT_CODES and "Exit" not in doc:
            fn.__doc__ = doc.rstrip() + "\n\n    Exit codes: " + EXIT_CODES[name]
    for sub in group.registered_groups:
        if sub.typer_instance is not None:
            _document_exit_codes(sub.typer_instance, f"{prefix}{sub.name or sub.typer_instance.info.name} ")


_register()
_document_exit_codes(app)


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
