"""The template every run is forked from: a process that has never received a job.

The worker (worker.py) reads jobs, holds their source and payload, and sees every result: a run
forked from it would inherit all of that (its frames, its heap, its buffers), and a submission
could walk its way to a classmate's code. So the worker forks this template once, right after
torch and the families' child modules are imported and before it reads any job; from then on the
template only forks runs. It is told nothing but the names of trusted warm-ups to run first
(`warm`, from the family, never from the submission), and it sends back each run's pipes and
pidfd (SCM_RIGHTS) and, when one ends, its wait status: the worker is not the runs' parent, so it
cannot wait for them itself.

At the namespace levels the template also holds the private root (view.build_root): built once
here, every run starts inside it.
"""

from __future__ import annotations

import json
import os
import select
import signal
import socket
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from dlprep.checkers.sandbox import isolation as iso

NAME = "dlprep-zygote"  # its process name
_MAX_MSG = 1 << 16
_FDS = 5  # pidfd, job_w, out_r, err_r, res_r


@dataclass
class Spawned:
    """What the template made for one run: its facts and our ends of its pipes."""

    info: dict[str, Any]
    pidfd: int
    job_w: int
    out_r: int
    err_r: int
    res_r: int


# In the template: (warm-up names) -> (facts, [pidfd, job_w, out_r, err_r, res_r]) of a new run.
Spawn = Callable[[list[str]], tuple[dict[str, Any], list[int]]]


def _serve(sock: socket.socket, spawn: Spawn) -> None:
    """The template's loop: fork a run on each request, report each run's end. Never returns."""
    own: dict[int, int] = {}  # our pidfd of each run -> its pid
    ctl = sock.fileno()
    while True:
        ready = select.select([ctl, *own], [], [])[0]
        for fd in ready:
            if fd in own:  # a run ended: reap it at once and say how
                pid = own.pop(fd)
                _, status = os.waitpid(pid, 0)
                os.close(fd)
                sock.send(json.dumps({"exit": pid, "status": status}).encode())
        if ctl not in ready:
            continue
        msg = sock.recv(_MAX_MSG)
        if not msg:
            os._exit(0)  # the worker is gone
        info, fds = spawn(list(json.loads(msg)["warm"]))
        socket.send_fds(sock, [json.dumps(info).encode()], fds)
        own[os.dup(fds[0])] = int(info["pid"])
        for fd in fds:  # the worker has them now; a job pipe left open here would keep a spare waiting
            os.close(fd)


class TemplateDied(Exception):
    """The template is gone: no run can be made any more, so the worker must stop (fail closed)."""


class Zygote:
    """The worker's handle on its template: ask for runs, learn how they ended."""

    def __init__(self, pid: int, sock: socket.socket):
        self.pid, self.sock = pid, sock
        self.statuses: dict[int, int] = {}  # run pid -> wait status, reported but not yet asked for
        self._ignored: set[int] = set()  # runs whose status nobody will ask for
        self._spawned: list[Spawned] = []
        self.pending = 0  # runs asked for and not yet received

    def fileno(self) -> int:
        return self.sock.fileno()

    def request(self, warm: list[str]) -> None:
        """Ask for a run (answered later: `take`, or `receive` when the socket is readable)."""
        self.sock.send(json.dumps({"warm": warm}).encode())
        self.pending += 1

    def receive(self) -> None:
        """Read one message: a run made, or a run ended. EOF means the template died: fail closed."""
        msg, fds, _, _ = socket.recv_fds(self.sock, _MAX_MSG, _FDS)
        if not msg:
            raise TemplateDied("the sandbox template died")
        data = json.loads(msg)
        if "exit" in data:
            pid = int(data["exit"])
            if pid in self._ignored:
                self._ignored.discard(pid)
            else:
                self.statuses[pid] = int(data["status"])
            return
        if len(fds) != _FDS:
            for fd in fds:
                os.close(fd)
            raise OSError("the sandbox template sent a run without its pipes")
        self.pending -= 1
        self._spawned.append(Spawned(data, *fds))

    @property
    def ready_or_coming(self) -> int:
        """Runs received and not taken, or asked for and not yet received."""
        return len(self._spawned) + self.pending

    def take(self) -> Spawned:
        """The oldest run received, waiting for it if it is still being made."""
        while not self._spawned:
            if not self.pending:
                raise RuntimeError("no run was asked for")
            self.receive()
        return self._spawned.pop(0)

    def wait(self, pid: int) -> int:
        """The wait status of a run of ours (blocks until the template has reaped it)."""
        while pid not in self.statuses:
            self.receive()
        return self.statuses.pop(pid)

    def forget(self, pid: int) -> None:
        """A run whose status nobody will ask for (killed after its answer): drop it when it comes."""
        if self.statuses.pop(pid, None) is None:
            self._ignored.add(pid)

    def close(self) -> None:
        self.sock.close()
        try:
            os.kill(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        try:
            os.waitpid(self.pid, 0)
        except ChildProcessError:
            pass


def start(prepare: Callable[[], dict[str, Any]], spawn: Spawn) -> tuple[Zygote, dict[str, Any]]:
    """Fork the template. In it, `prepare()` runs first (the private root, the level's probe) and
    its answer comes back as the hello; then it serves `spawn`. Returns the handle and the hello."""
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    pid = os.fork()
    if pid == 0:
        ours.close()
        try:
            iso.prctl(iso.PR_SET_PDEATHSIG, signal.SIGKILL)
            iso.set_process_name(NAME)
            signal.signal(signal.SIGINT, signal.SIG_IGN)  # the worker handles (or dies of) it
            hello = prepare()
        except BaseException as e:  # no template at this level: the worker tries the next one
            hello = {"level": None, "why": f"{type(e).__name__}: {e}"}
        try:
            theirs.send(json.dumps(hello).encode())
            if hello.get("level") is None:
                os._exit(0)
            _serve(theirs, spawn)
        except BaseException:
            os._exit(iso.EXIT_SETUP)
    theirs.close()
    z = Zygote(pid, ours)
    msg = ours.recv(_MAX_MSG)
    if not msg:
        z.close()
        return z, {"level": None, "why": "the sandbox template exited at start-up"}
    return z, json.loads(msg)
