"""The warm worker: imports torch (and triton) once, then forks one sandboxed child per job.

    grader --job frame--> worker --fork--> A (setsid; unshare net/pid/mount ns) --fork--> B (pid 1)
                                                                                    B runs the code

B is init of a fresh pid namespace: when it exits or is killed, the kernel kills every process
left in the namespace, `setsid` escapees included. B also gets SIGKILL if A dies (PDEATHSIG), so
killing A from the worker tears the whole run down. Each run has its own uid, and a sweep by uid
after the run catches anything that still escaped. stdout/stderr come back through pipes read
with a byte cap; results come on a third, private pipe.
"""

from __future__ import annotations

import importlib
import io
import multiprocessing
import os
import secrets
import selectors
import shutil
import signal
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any

from dlprep.checkers import isolation as iso
from dlprep.checkers.protocol import read_frame, write_frame

OUTPUT_CAP = 1_000_000  # bytes kept of stdout and of stderr each
RESULT_CAP = 128 * 1024 * 1024
GRACE_S = 0.5  # after the child exits, how long leftover holders of its pipes may linger
KILL_WAIT_S = 30.0  # how long to wait for a killed run's processes to disappear
DEFAULT_LIMITS = {"cpu_s": 60, "mem_mb": 4096, "fsize_mb": 64, "nofile": 512, "nproc": 1024}


# Imported once here so that no run pays for them: torch._dynamo alone costs seconds, and DDP,
# torch.compile and every fx exercise pull it in.
WARM_MODULES = ("torch", "torch._dynamo", "torch.distributed", "torch.fx", "torch.utils.data", "numpy")


def _warm_imports() -> None:
    for name in WARM_MODULES:
        importlib.import_module(name)

    if os.environ.get("DLPREP_NO_TRITON") != "1":
        try:
            import triton  # noqa: F401
        except Exception:  # triton is optional (non-Linux, broken install): families that need it skip
            pass
    from dlprep.checkers import registry

    registry.import_child_modules()


def probe_isolation() -> str:
    """Try the full set-up once in a throwaway child; the answer decides every later run."""
    if os.geteuid() != 0 or os.environ.get("DLPREP_SANDBOX") == "weak":
        return iso.WEAK_LEVEL
    pid = os.fork()
    if pid == 0:
        try:
            iso.unshare(iso.CLONE_NEWNS | iso.CLONE_NEWNET | iso.CLONE_NEWPID)
            inner = os.fork()
            if inner == 0:
                iso.private_filesystem([], _needed_paths())
                iso.loopback_up()
                os._exit(0)
            _, st = os.waitpid(inner, 0)
            os._exit(os.waitstatus_to_exitcode(st))
        except BaseException:
            os._exit(1)
    _, status = os.waitpid(pid, 0)
    return iso.FULL_LEVEL if os.waitstatus_to_exitcode(status) == 0 else iso.WEAK_LEVEL


def _hidden_paths() -> list[Path]:
    from dlprep import paths

    # The reference solutions and the user's progress. Home folders need no hiding: the run's uid
    # cannot read a private home, and hiding one could hide the Python installation itself.
    hide = {paths.exercises_dir().resolve(), paths.data_home().resolve()}
    # Never hide the interpreter's own tree: lazy imports (torch._dynamo, encodings, ...) must work.
    prefixes = {Path(sys.prefix).resolve(), Path(sys.base_prefix).resolve()}
    return sorted(p for p in hide if p != Path("/") and not any(p == x or p in x.parents for x in prefixes))


def _needed_paths() -> list[Path]:
    """What the unprivileged run must be able to read: the interpreter's trees and dlprep's own
    code (outside them in an editable install). Nested paths are dropped: the parent carries them."""
    import dlprep
    import dlprep.checkers

    paths = {Path(p).resolve() for p in (sys.prefix, sys.base_prefix, dlprep.__path__[0], dlprep.checkers.__path__[0])}
    return sorted(p for p in paths if not any(q in p.parents for q in paths))


def _child(job: dict[str, Any], payload: bytes, level: str, uid: int, fds: tuple[int, int, int]) -> None:
    """Runs in the forked child. Never returns: every path ends in os._exit."""
    out_w, err_w, res_w = fds
    full = level == iso.FULL_LEVEL
    try:
        # Inherit nothing but our three pipes: the worker's protocol pipe above all must be out of
        # reach, or a submission could write a forged frame straight to the grader.
        _close_all_but(fds)
        os.setsid()
        if full:
            iso.unshare(iso.CLONE_NEWNS | iso.CLONE_NEWNET | iso.CLONE_NEWPID)
            inner = os.fork()
            if inner:  # A: mirror B's fate, hold nothing open
                for fd in fds:
                    os.close(fd)
                _, st = os.waitpid(inner, 0)
                if os.WIFSIGNALED(st):
                    signal.signal(os.WTERMSIG(st), signal.SIG_DFL)
                    os.kill(os.getpid(), os.WTERMSIG(st))
                os._exit(os.waitstatus_to_exitcode(st) & 0xFF)
            iso.prctl(iso.PR_SET_PDEATHSIG, signal.SIGKILL)
            workdir = iso.private_filesystem(_hidden_paths(), _needed_paths())
            iso.loopback_up()
        else:
            workdir = job["workdir"]
        home = os.path.join(workdir, "home")
        os.makedirs(home, exist_ok=True)
        if os.geteuid() == 0:
            for d in (workdir, home):
                os.chown(d, uid, uid)
        os.chdir(workdir)
        lim = {**DEFAULT_LIMITS, **job.get("limits", {})}
        iso.set_limits(int(lim["cpu_s"]), int(lim["mem_mb"]) << 20, int(lim["fsize_mb"]) << 20,
                       int(lim["nofile"]), int(lim["nproc"]))
        os.environ.clear()
        os.environ.update({
            "HOME": home, "TMPDIR": workdir, "PATH": f"{os.path.dirname(sys.executable)}:/usr/bin:/bin",
            "LANG": "C.UTF-8", "PYTHONHASHSEED": "0", "PYTHONDONTWRITEBYTECODE": "1",
            **job.get("env", {}),
        })
        # Python caches its temp dir: the worker's answer (/tmp, read-only here) must not leak in.
        tempfile.tempdir = workdir
        multiprocessing.current_process()._config.pop("tempdir", None)  # type: ignore[attr-defined]
        if os.geteuid() == 0:
            iso.drop_privileges(uid)
        iso.prctl(iso.PR_SET_NO_NEW_PRIVS, 1)
        devnull = os.open(os.devnull, os.O_RDONLY)
        if devnull != 0:
            os.dup2(devnull, 0)
        os.dup2(out_w, 1)
        os.dup2(err_w, 2)
        for fd in {devnull, out_w, err_w} - {0, 1, 2}:
            os.close(fd)
        sys.stdout = io.TextIOWrapper(os.fdopen(1, "wb", buffering=0), write_through=True)
        sys.stderr = io.TextIOWrapper(os.fdopen(2, "wb", buffering=0), write_through=True)
    except BaseException:
        traceback.print_exc()
        os._exit(iso.EXIT_SETUP)
    try:
        from dlprep.checkers import harness

        harness.started()
        module, _, fn = job["harness"].partition(":")
        result = getattr(importlib.import_module(module), fn)(job, payload)
        with os.fdopen(res_w, "wb") as res:
            res.write(result)
        sys.stdout.flush()
        sys.stderr.flush()
    except BaseException:
        # SystemExit from user code lands here too: the run simply has no result.
        try:
            traceback.print_exc()
            sys.stderr.flush()
        finally:
            os._exit(iso.EXIT_HARNESS)
    os._exit(0)


def _close_all_but(keep: tuple[int, ...]) -> None:
    prev = 0
    for fd in sorted(keep):
        os.closerange(prev, fd)
        prev = fd + 1
    os.closerange(prev, 65536)


class _Capped:
    def __init__(self, cap: int):
        self.buf = bytearray()
        self.cap, self.total = cap, 0

    def add(self, data: bytes) -> None:
        self.total += len(data)
        room = self.cap - len(self.buf)
        if room > 0:
            self.buf += data[:room]

    @property
    def truncated(self) -> bool:
        return self.total > self.cap


def _kill_run(pid: int, uid: int) -> int:
    """Kill the child, its group and every process of the run's uid; wait until all are gone.

    Returns how many processes besides the child were found. Tearing down hundreds of forked
    torch processes takes the kernel a while, and the next run must not start before it is done.
    """
    as_root = os.geteuid() == 0
    victims: set[int] = set()
    for target in (lambda: os.killpg(pid, signal.SIGKILL), lambda: os.kill(pid, signal.SIGKILL)):
        try:
            target()
        except (ProcessLookupError, PermissionError):
            pass
    deadline = time.monotonic() + KILL_WAIT_S
    while time.monotonic() < deadline:
        # escapees re-parent to us (we are a subreaper) as their parents die
        pids = (set(iso.processes_of(uid)) if as_root else set()) | set(iso.children_of(os.getpid()))
        pids.discard(pid)
        _reap_all(pid)
        if not pids:
            break
        victims |= pids
        for p in pids:
            try:
                os.kill(p, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        time.sleep(0.02)
    _reap_all(pid)
    return len(victims)


def _reap_all(keep: int) -> None:
    """Reap finished children (re-parented escapees) except `keep`, whose status we still need."""
    for p in iso.children_of(os.getpid()):
        if p != keep:
            try:
                os.waitpid(p, os.WNOHANG)
            except ChildProcessError:
                pass


_WARMED: set[str] = set()


def _warm_for(job: dict[str, Any]) -> None:
    """Run the trusted warm-ups a job names ("module:function"), once per worker, before forking:
    what they initialise (torch.compile's first-use set-up costs seconds) every later run inherits."""
    for name in job.get("warm", ()):
        if name not in _WARMED:
            _WARMED.add(name)
            module, _, fn = name.partition(":")
            getattr(importlib.import_module(module), fn)()


def run_job(job: dict[str, Any], payload: bytes, level: str) -> tuple[dict[str, Any], bytes]:
    _warm_for(job)
    uid = iso.UID_BASE + secrets.randbelow(iso.UID_SPAN)
    workdir = None if level == iso.FULL_LEVEL else tempfile.mkdtemp(prefix="dlprep-run-")
    if workdir:
        job = {**job, "workdir": workdir}
    out_r, out_w = os.pipe()
    err_r, err_w = os.pipe()
    res_r, res_w = os.pipe()
    sys.stdout.flush()
    sys.stderr.flush()
    t0 = time.monotonic()
    pid = os.fork()
    if pid == 0:
        for fd in (out_r, err_r, res_r):
            os.close(fd)
        _child(job, payload, level, uid, (out_w, err_w, res_w))
    for fd in (out_w, err_w, res_w):
        os.close(fd)
    streams = {out_r: _Capped(OUTPUT_CAP), err_r: _Capped(OUTPUT_CAP), res_r: _Capped(RESULT_CAP)}
    pidfd = os.pidfd_open(pid)
    sel = selectors.DefaultSelector()
    for fd in (*streams, pidfd):
        sel.register(fd, selectors.EVENT_READ)
    deadline = t0 + float(job.get("timeout", 30))
    status, exited_at, timed_out, over_cap = None, 0.0, False, False
    open_fds = set(streams)
    while open_fds or status is None:
        now = time.monotonic()
        if now >= deadline:
            timed_out = True
            break
        if status is not None and now - exited_at > GRACE_S:
            break  # something that outlived the child still holds a pipe: the kill below ends it
        for key, _ in sel.select(timeout=deadline - now if status is None else GRACE_S):
            fd = key.fd
            if fd == pidfd:
                _, status = os.waitpid(pid, 0)
                exited_at = time.monotonic()
                sel.unregister(pidfd)
                continue
            data = os.read(fd, 1 << 16)
            if data:
                streams[fd].add(data)
                if streams[fd].truncated:  # a flood of output or result: stop the run now
                    over_cap = True
            else:
                sel.unregister(fd)
                open_fds.discard(fd)
        if over_cap:
            break
    # With a pid namespace the kernel has already killed everything the run started once the
    # child is reaped; the sweep is needed only when the child is still there or isolation is weak.
    leftovers = 0
    if status is None or level != iso.FULL_LEVEL:
        leftovers = _kill_run(pid, uid)
    if status is None:
        _, status = os.waitpid(pid, 0)
    sel.close()
    for fd in (*streams, pidfd):
        os.close(fd)
    if workdir:
        shutil.rmtree(workdir, ignore_errors=True)
    out, err, res = streams[out_r], streams[err_r], streams[res_r]
    header = {
        "duration_s": time.monotonic() - t0,
        "timed_out": timed_out,
        "exit": os.WEXITSTATUS(status) if os.WIFEXITED(status) else None,
        "signal": os.WTERMSIG(status) if os.WIFSIGNALED(status) else None,
        "stdout": out.buf.decode("utf-8", "replace"), "stdout_truncated": out.truncated,
        "stderr": err.buf.decode("utf-8", "replace"), "stderr_truncated": err.truncated,
        "result_over_cap": streams[res_r].truncated, "output_over_cap": out.truncated or err.truncated,
        "leftovers_killed": leftovers, "level": level,
    }
    return header, bytes(res.buf) if not over_cap else b""


def main() -> None:
    proto = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # stray prints from libraries must not corrupt the protocol stream
    iso.prctl(iso.PR_SET_CHILD_SUBREAPER, 1)
    _warm_imports()
    level = probe_isolation()
    write_frame(proto, {"ready": True, "level": level, "pid": os.getpid()})
    while True:
        try:
            job, payload = read_frame(0)
        except EOFError:
            return
        try:
            header, result = run_job(job, payload, level)
        except Exception as e:  # report, keep serving: the grader fails the run closed
            header, result = {"worker_error": f"{type(e).__name__}: {e}", "level": level}, b""
        write_frame(proto, header, result)


if __name__ == "__main__":
    main()
