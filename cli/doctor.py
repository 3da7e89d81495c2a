"""`dlprep doctor`: what isolation this machine gives the grading sandbox, and why."""

from __future__ import annotations

import os
import sys

import typer

from dlprep.cli.app import app, edge


@app.command()
@edge
def doctor() -> None:
    """Print what the sandbox can use here and the isolation level a run gets. Exit 0 when it is
    full isolation, 1 when it is weaker."""
    from dlprep.checkers.sandbox import isolation as iso
    from dlprep.checkers.sandbox.client import Sandbox

    lines = [f"platform: {sys.platform}, running as {'root' if os.geteuid() == 0 else f'uid {os.geteuid()}'}"]
    if sys.platform.startswith("linux"):
        if os.geteuid() == 0:
            lines.append("user namespaces: not needed (root has the namespaces and a uid per run)")
        else:
            why = iso.userns_refusal()
            lines.append("user namespaces: allowed" if why is None else f"user namespaces: refused ({why})")
        if os.environ.get("DLPREP_SANDBOX"):
            knob = os.environ["DLPREP_SANDBOX"]
            lines.append(f"DLPREP_SANDBOX={knob} is set (a testing knob: it weakens the sandbox)")
    else:
        lines.append("namespaces: Linux only; runs get resource limits and a process group, nothing more")
    with Sandbox() as sandbox:
        sandbox.ensure()
        level = sandbox.level
    missing = iso.full_isolation(level)
    lines.append(f"sandbox level: {level} ({'full isolation' if missing is None else 'NOT full isolation'})")
    if missing is not None:
        lines.append(f"to fix: {missing}")
    typer.echo("\n".join(lines))
    raise typer.Exit(0 if missing is None else 1)
