"""`dlprep doctor`: what isolation this machine gives the grading sandbox, and why."""

from __future__ import annotations

import os
import sys

import typer

from dlprep.cli.app import app, edge

# What each threat in isolation.STOPS is, in words.
THREATS = {"network": "network access", "read_home": "reading your home and progress",
           "read_outside_view": "reading anything but the interpreter, its packages and its own folder "
                                "(other checkouts, class folders, /srv, /tmp, copies of the answers)",
           "write_outside": "writing outside its folder", "kill_outside": "signalling your other processes",
           "grandchild": "processes outliving the run", "see_processes": "seeing your other processes",
           "read_other_cmdlines": "reading other processes' command lines (a batch's seed)",
           "unix_sockets": "connecting to your UNIX sockets in /run and /tmp (session bus, docker)",
           "ipc_between_runs": "SysV shared memory, semaphores and message queues shared with other runs",
           "shm_leftovers": "leaving files in /dev/shm after the run",
           "earlier_runs": "reaching an earlier run's source, frames or results in memory"}


def _linux_lines() -> list[str]:
    from dlprep.checkers.sandbox import confine
    from dlprep.checkers.sandbox import isolation as iso

    knob = os.environ.get("DLPREP_SANDBOX", "")
    lines = []
    if os.geteuid() == 0:
        lines.append("user namespaces: not needed (root has the namespaces and a uid per run)")
    elif knob == "no-userns":
        lines.append("user namespaces: not used (DLPREP_SANDBOX=no-userns acts as if they were refused)")
    else:
        why = iso.userns_refusal()
        policy = iso.userns_policy()
        lines.append("user namespaces: allowed" if why is None
                     else f"user namespaces: refused ({policy or why})")
    abi, no_landlock = confine.landlock_abi()
    if no_landlock:
        lines.append(f"Landlock: no ({no_landlock})")
    else:
        has = ["file system", *(["TCP bind/connect"] if abi >= 4 else []),
               *(["signals, abstract sockets"] if abi >= 6 else [])]
        lines.append(f"Landlock: ABI {abi} ({', '.join(has)})")
    no_seccomp = confine.seccomp_refusal()
    lines.append(f"seccomp: {'libseccomp' if no_seccomp is None else f'no ({no_seccomp})'}")
    if knob:
        lines.append(f"DLPREP_SANDBOX={knob} is set (a testing knob: it weakens the sandbox)")
    return lines


@app.command()
@edge
def doctor() -> None:
    """Print what the sandbox can use here, the isolation level a run gets, and whether this is a
    container that `--isolation container` accepts.

    Exit codes: 0 full isolation, 1 weaker (see the lines for what is missing and how to fix it)."""
    from dlprep.checkers.sandbox import isolation as iso
    from dlprep.checkers.sandbox.client import Sandbox

    lines = [f"platform: {sys.platform}, running as {'root' if os.geteuid() == 0 else f'uid {os.geteuid()}'}"]
    if sys.platform.startswith("linux"):
        lines += _linux_lines()
    else:
        lines.append("namespaces, Landlock, seccomp: Linux only; "
                     "runs get resource limits and a process group, nothing more")
    with Sandbox() as sandbox:
        sandbox.ensure()
        level = sandbox.level
    missing = iso.full_isolation(level)
    lines.append(f"sandbox level: {level} ({'full isolation' if missing is None else 'NOT full isolation'})")
    stopped = [words for t, words in THREATS.items() if iso.stops(level, t)]
    open_ = [words for t, words in THREATS.items() if not iso.stops(level, t)]
    lines.append(f"a run is stopped from: {', '.join(stopped) or 'nothing'}")
    if open_:
        lines.append(f"a run is NOT stopped from: {', '.join(open_)}")
    from dlprep.checkers.sandbox import container

    where = container.in_container() if sys.platform.startswith("linux") else None
    if where is not None:
        verdict = container.shortfall("container", level)
        lines.append(f"container: yes ({where}); --isolation container "
                     + ("accepts this level: the container is the boundary, Landlock and seccomp add the rest"
                        if verdict is None else f"refuses it: {verdict}"))
    if missing is not None:
        lines.append(f"to fix: {container.shortfall('full', level) or missing}")
    typer.echo("\n".join(lines))
    raise typer.Exit(0 if missing is None else 1)
