"""The grader's handle on a warm worker process (see worker.py for what happens on the far side).

`Sandbox.run` never raises for anything the user's code does: a crash, a timeout, a worker that
died, a missing result all come back as a RunResult that the grader turns into error/timeout.
"""

from __future__ import annotations

import atexit
import os
import select
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from dlprep.checkers.sandbox import warmups
from dlprep.checkers.sandbox.protocol import read_frame, write_frame
from dlprep.errors import SandboxError

# What a worker started with no grading in view warms: a session's snippets, verify's mixed items.
DEFAULT_WARM = (warmups.DYNAMO,)
START_TIMEOUT_S = 120  # importing torch + triton on a loaded 2-core machine can be slow
MARGIN_S = 60  # the worker enforces the run's limit; this only catches a wedged worker (tearing down
# a fork bomb on a loaded 2-core machine has taken over 15 s, and that is not a wedged worker)


@dataclass(frozen=True)
class RunResult:
    ok: bool  # the harness finished and sent a result
    result: bytes
    problem: str | None  # why there is no result, in words for the user
    status: str  # "ok" | "error" | "timeout"
    stdout: str
    stderr: str
    truncated: bool
    duration_s: float
    level: str


def _signal_name(sig: int) -> str:
    try:
        return signal.Signals(sig).name
    except ValueError:
        return f"signal {sig}"


# Ready workers whose Sandbox was released (Grader.close), each with how it was started: the next
# Sandbox of this process started the same way takes one instead of starting a worker (seconds of
# CPU; verify's and a class's executors, a quiz session, a test suite build many Graders in one
# process). A worker keeps nothing of a grading that a later run could reach: every run forks from
# its template, which has never received a job (zygote.py).
PARKED_MAX = 2
# Left out of that "how": variables that neither the worker, nor its template, nor a run reads (a
# run's environment is made afresh, worker.py; the worker's side reads only paths.banks_dir and
# exercises_dir, which decide what runs may not see). Each one would otherwise keep a process that
# grades for several homes (a test suite: one DLPREP_HOME per test; pytest's name of the running
# test) from ever taking a parked worker.
UNREAD_BY_WORKER = frozenset({"PYTEST_CURRENT_TEST", "DLPREP_HOME"})
_parked: list[tuple[tuple[Any, ...], subprocess.Popen[bytes], str]] = []  # (start key, process, level)
_parked_lock = threading.Lock()


@atexit.register
def _close_parked() -> None:
    """At exit, close them now (they would exit on their own when their stdin closes)."""
    with _parked_lock:
        parked = _parked[:]
        _parked.clear()
    for _, proc, _ in parked:
        _kill(proc)


def _take_parked(key: tuple[Any, ...]) -> tuple[subprocess.Popen[bytes], str] | None:
    with _parked_lock:
        for i, (k, proc, level) in enumerate(_parked):
            if k == key and proc.poll() is None:
                del _parked[i]
                return proc, level
    return None


class Sandbox:
    """One warm worker; start it once and reuse it for many runs (one at a time)."""

    def __init__(self, env: dict[str, str] | None = None):
        self._env = env or {}
        self._proc: subprocess.Popen[bytes] | None = None
        self._ready = False  # the worker said hello (its template is up)
        self._key: tuple[Any, ...] = ()  # how it was started: its environment, its folder, our pid
        self.level = "unknown"

    def launch(self) -> None:
        """Start the worker's process now, without waiting for it: its imports (seconds) overlap
        the caller's own (`dlprep submit` imports torch too). What its template warms is told at
        the first `ensure` or `run`, which wait for it."""
        if self._proc is None or self._proc.poll() is not None:
            # Decided here, never inherited: the worker imports triton once, and triton's own @jit
            # helpers (tl.sigmoid, tl.sum...) are interpreted or compiled by the value at that import.
            # A stray TRITON_INTERPRET=0 in the caller's environment on a machine with no GPU would
            # leave every interpreted kernel calling compiled helpers ("Cannot call @triton.jit'd
            # outside of a kernel").
            env = {**os.environ, "TRITON_INTERPRET": "0" if _has_cuda_hint() else "1", **self._env}
            env["GLIBC_TUNABLES"] = _with_huge_pages(env.get("GLIBC_TUNABLES", ""))
            # The pid: a forked child of this process must never share its parent's worker's pipes.
            self._key = (tuple(sorted((k, v) for k, v in env.items() if k not in UNREAD_BY_WORKER)),
                         os.getcwd(), os.getpid())
            if parked := _take_parked(self._key):
                self._proc, self.level = parked
                self._ready = True
                return
            self._proc = subprocess.Popen(
                [sys.executable, "-m", "dlprep.checkers.sandbox.worker"],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env,
                start_new_session=True,
            )
            self._ready = False

    def _hello(self, warm: Sequence[str]) -> None:
        """Tell the launched worker what to warm (its first frame), then wait until it is ready."""
        proc = self._proc
        assert proc is not None and proc.stdin is not None and proc.stdout is not None
        try:
            write_frame(proc.stdin, {"warm": list(warm)})
        except (BrokenPipeError, OSError):
            pass  # it died: said below, by the EOF
        if not select.select([proc.stdout], [], [], START_TIMEOUT_S)[0]:
            self.close()
            raise SandboxError("the grading worker did not start within 120 s")
        try:
            hello, _ = read_frame(proc.stdout.fileno())
        except EOFError:
            self.close()
            raise SandboxError("the grading worker exited at start-up (is torch installed?)") from None
        self.level = hello["level"]
        self._ready = True

    @property
    def pid(self) -> int:
        """The warm worker's pid (started on demand)."""
        self.ensure()
        assert self._proc is not None
        return self._proc.pid

    def ensure(self, warm: Sequence[str] = DEFAULT_WARM) -> None:
        """Start the worker unless it runs, and wait until it is ready. `warm`: the warm-ups its
        template runs first, best those its first jobs name (a job naming others has them run
        then, once); a worker already ready keeps what it has."""
        self.launch()  # a no-op while its worker runs
        if not self._ready:
            self._hello(warm)

    def run(self, job: dict[str, Any], payload: bytes = b"") -> RunResult:
        t0 = time.monotonic()
        try:
            self.ensure(job.get("warm", ()))
            proc = self._proc
            assert proc is not None and proc.stdin is not None and proc.stdout is not None
            write_frame(proc.stdin, job, payload)
            limit = float(job.get("timeout", 30)) + MARGIN_S
            if not select.select([proc.stdout], [], [], limit)[0]:
                self.close()
                return _failed("the grading worker stopped answering", "error", t0, self.level)
            header, result = read_frame(proc.stdout.fileno())
        except (EOFError, BrokenPipeError, OSError) as e:
            self.close()
            return _failed(f"the grading worker died ({e})", "error", t0, self.level)
        return _interpret(header, result, float(job.get("timeout", 30)))

    def release(self) -> None:
        """Done with it: a ready, healthy worker is parked for this process's next Sandbox started
        the same way (the oldest beyond PARKED_MAX is closed); any other is closed."""
        proc = self._proc
        if proc is None or not self._ready or proc.poll() is not None:
            self.close()
            return
        self._proc, self._ready = None, False
        with _parked_lock:
            _parked.append((self._key, proc, self.level))
            extra = _parked[:-PARKED_MAX]
            del _parked[:-PARKED_MAX]
        for _, old, _ in extra:
            _kill(old)

    def close(self) -> None:
        """Kill the worker (after a failure: it is never parked)."""
        proc, self._proc, self._ready = self._proc, None, False
        if proc is not None:
            _kill(proc)

    def __enter__(self) -> Sandbox:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def _kill(proc: subprocess.Popen[bytes]) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    proc.wait()
    for stream in (proc.stdin, proc.stdout):
        if stream is not None:
            stream.close()


def _with_huge_pages(tunables: str) -> str:
    """glibc's malloc on transparent huge pages (madvise): the worker forks every run from a
    template that holds torch (~150 MB of heap), and fork and exit copy and free its page tables.
    On 2 MB pages that is 512 times fewer entries: fork + exit of the template 20 -> 9 ms here.
    Other C libraries (macOS, musl) ignore the variable; a tunable the user set is kept."""
    if "glibc.malloc.hugetlb" in tunables:
        return tunables
    return ":".join(t for t in (tunables, "glibc.malloc.hugetlb=1") if t)


def _has_cuda_hint() -> bool:
    # Decided without importing torch here: the worker compiles Triton only when a GPU exists.
    return os.path.exists("/dev/nvidiactl") and os.environ.get("DLPREP_DEVICE") != "cpu"


def _failed(problem: str, status: str, t0: float, level: str) -> RunResult:
    return RunResult(False, b"", problem, status, "", "", False, time.monotonic() - t0, level)


def _interpret(h: dict[str, Any], result: bytes, timeout: float) -> RunResult:
    from dlprep.checkers.sandbox.isolation import EXIT_HARNESS, EXIT_SETUP

    level = h.get("level", "unknown")
    common = dict(stdout=h.get("stdout", ""), stderr=h.get("stderr", ""),
                  truncated=bool(h.get("stdout_truncated") or h.get("stderr_truncated")),
                  duration_s=float(h.get("duration_s", 0.0)), level=level)
    if "worker_error" in h:
        return RunResult(False, b"", f"sandbox failure: {h['worker_error']}", "error", **common)
    status, problem = "error", None
    if h["timed_out"]:
        status, problem = "timeout", f"timed out after {timeout:g} s (the whole process group was killed)"
    elif h["result_over_cap"]:
        problem = "the result exceeded the size cap"
    elif h.get("output_over_cap"):
        problem = "the solution printed more than 1 MB; the run was stopped there and does not count"
    elif h["signal"] is not None:
        name = _signal_name(h["signal"])
        why = {"SIGXCPU": " (CPU-time limit)", "SIGXFSZ": " (file-size limit)",
               "SIGSEGV": " (segmentation fault)", "SIGKILL": " (killed, likely the memory limit)"}
        problem = f"the solution crashed with {name}{why.get(name, '')}"
    elif h["exit"] == EXIT_SETUP:
        problem = "the sandbox could not be set up; nothing was run"
    elif h["exit"] == EXIT_HARNESS:
        problem = "the solution ended the process before returning (sys.exit, os._exit or a fatal error)"
    elif h["exit"] != 0 or not result:
        problem = f"the process exited with status {h['exit']} without a result"
    else:
        status = "ok"
    if status == "ok" and h.get("leftovers_killed"):
        status, problem = "error", f"the solution left {h['leftovers_killed']} process(es) running; they were killed"
    return RunResult(status == "ok", result if status == "ok" else b"", problem, status, **common)
