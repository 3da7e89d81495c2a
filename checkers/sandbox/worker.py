"""The warm worker: imports torch (and triton) once, then runs one sandboxed child per job.

    grader --job frame--> worker --asks--> template (zygote.py) --fork into a new pid namespace-->
        C (pid 1; setsid; unshare net + mount + ipc ns; its folder, /dev/shm and /proc) --fork--> S

The worker reads jobs and results; runs are never forked from it but from a template forked
before the first job, which holds the private root (view.py: only what a run may see) and has
never seen a submission. C is init of its own pid namespace: when it exits or is killed, the
kernel kills every process left in the namespace, `setsid` escapees included, and C gets SIGKILL
if the template dies (PDEATHSIG). As root each run has its own uid, and a sweep by uid after the
run catches anything that still escaped. As an ordinary user the worker first makes itself root
of a user namespace (see `_enter_user_namespace`), which gives it the same namespaces without a
uid of its own per run. Where no namespace can be had, each run confines itself with Landlock and
seccomp instead (`confine.py`, the fallback ladder; `_probe_fallback` finds what this kernel has).
stdout/stderr come back through pipes read with a byte cap; results come on a third, private pipe.
"""

from __future__ import annotations

import contextlib
import fcntl
import gc
import importlib
import io
import multiprocessing
import os
import secrets
import select
import selectors
import shutil
import signal
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from dlprep.checkers.sandbox import confine, view, zygote
from dlprep.checkers.sandbox import isolation as iso
from dlprep.checkers.sandbox.protocol import read_frame, write_frame

OUTPUT_CAP = 1_000_000  # bytes kept of stdout and of stderr each
RESULT_CAP = 128 * 1024 * 1024
GRACE_S = 0.5  # after the child exits, how long leftover holders of its pipes may linger
KILL_WAIT_S = 30.0  # how long to wait for a killed run's processes to disappear
DEFAULT_LIMITS = {"cpu_s": 60, "mem_mb": 4096, "fsize_mb": 64, "nofile": 512, "nproc": 1024}


# Imported once here so that no run pays for them. torch._dynamo is not among them: it costs a
# third of the start, and only some families reach it; they name it as a warm-up (warmups.DYNAMO),
# in their jobs and in the worker's start-up list (the grader's first frame).
WARM_MODULES = ("torch", "torch.distributed", "torch.fx", "torch.utils.data", "numpy")


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


# DLPREP_SANDBOX=weak: no namespaces at all. DLPREP_SANDBOX=no-userns: a testing knob that acts
# as if the kernel refused unprivileged user namespaces, to exercise the fallback as a normal user.
def _sandbox_knob() -> str:
    return os.environ.get("DLPREP_SANDBOX", "")


USERNS_WAITER = "dlprep-userns"  # the process name of the parent left behind (see below)


def _enter_user_namespace() -> bool:
    """As an ordinary user, make the worker root of a new user namespace, and init of a new pid
    namespace owned by it, so that the root path's namespaces work per run. False where the kernel
    refuses (or the knob forbids it).

    The calling process stays behind in the original namespaces, only waiting: its child carries
    on as the worker with the same pipes and process group, so the grader's kill still reaches it,
    and PDEATHSIG ends it if the waiting parent goes. Runs before torch starts any thread.
    """
    if os.geteuid() == 0 or _sandbox_knob() in ("weak", "no-userns"):
        return False
    try:
        iso.enter_user_namespace()
    except OSError:
        return False
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        try:
            iso.prctl(iso.PR_SET_PDEATHSIG, signal.SIGKILL)
            iso.own_proc()
        except OSError:
            os._exit(iso.EXIT_SETUP)
        os.write(w, b"1")
        os.close(w)
        return True
    os.close(w)
    ok = os.read(r, 1)
    if not ok:  # the namespace half-worked: carry on here, without it (weak isolation)
        os.waitpid(pid, 0)
        return False
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the worker handles (or dies of) it
    iso.set_process_name(USERNS_WAITER)
    _, status = os.waitpid(pid, 0)
    os._exit(os.waitstatus_to_exitcode(status) & 0xFF)


def _full(level: str) -> bool:
    return iso.full_isolation(level) is None


def _prepare_root(own_ns: int, rootless: bool) -> dict[str, Any]:
    """In the template, at the namespace levels: build the private root once, then try a run's
    own set-up in a throwaway child, as every run will do it. Any failure: no such level here."""
    view.build_root(_VIEW)
    pid = iso.fork_into_new_pid_namespace(own_ns)
    if pid == 0:
        try:
            iso.unshare(iso.CLONE_NEWNS | iso.CLONE_NEWNET | iso.CLONE_NEWIPC)
            view.run_mounts()
            iso.loopback_up()
            os._exit(0 if os.getpid() == 1 else 1)
        except BaseException:
            os._exit(1)
    _, status = os.waitpid(pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        return {"level": None, "why": "a run's namespaces could not be set up"}
    return {"level": iso.ROOTLESS_LEVEL if rootless else iso.FULL_LEVEL}


def _probe_fallback() -> str:
    """No namespaces: the layers of the fallback ladder this kernel has, tried once in a throwaway
    child as a run would apply them (fail closed to the weak level if any of them fails)."""
    global _PLAN
    _PLAN = confine.plan(_VIEW)
    if not _PLAN.layers:
        return iso.WEAK_LEVEL
    confine.prepare()
    workdir = tempfile.mkdtemp(prefix="dlprep-probe-")
    pid = os.fork()
    if pid == 0:
        try:
            iso.prctl(iso.PR_SET_NO_NEW_PRIVS, 1)
            confine.apply(_PLAN, workdir)
            with open(os.path.join(workdir, "probe"), "w") as f:
                f.write("ok")
            os._exit(0)
        except BaseException:
            os._exit(1)
    _, status = os.waitpid(pid, 0)
    shutil.rmtree(workdir, ignore_errors=True)
    if os.waitstatus_to_exitcode(status) != 0:
        _PLAN = confine.Plan(0, False)  # runs apply what the level names, nothing more
        return iso.WEAK_LEVEL
    return "+".join([*_PLAN.layers, iso.WEAK_LEVEL])


_PLAN = confine.Plan(0, False)  # the fallback's rules, made once by _probe_fallback
# What a run may see of the file system (view.py): worked out once at start-up, applied as the
# template's private root or as the fallback's Landlock rules.
_VIEW = view.View()


def _child(level: str, uid: int, weak_workdir: str | None, job_r: int, fds: tuple[int, int, int]) -> None:
    """Runs in the forked child: isolates itself, then forks the submission's process ahead of
    its job (it may be a spare, forked before the job existed) and stays as the trusted parent
    that alone holds the result channel. Never returns: every path ends in os._exit."""
    out_w, err_w, res_w = fds
    try:
        # Inherit nothing but our pipes: the worker's protocol pipe above all must be out of
        # reach, or a submission could write a forged frame straight to the grader.
        _close_all_but((job_r, *fds))
        os.setsid()
        if _full(level):  # we are pid 1 of a fresh pid namespace (see _fork_child)
            iso.prctl(iso.PR_SET_PDEATHSIG, signal.SIGKILL)
            # A copy of the template's private root; its own network, SysV IPC and POSIX queues
            iso.unshare(iso.CLONE_NEWNS | iso.CLONE_NEWNET | iso.CLONE_NEWIPC)
            workdir = view.run_mounts()
            iso.loopback_up()
        else:
            assert weak_workdir is not None
            workdir = weak_workdir
        home = os.path.join(workdir, "home")
        os.makedirs(home, exist_ok=True)
        if uid >= 0:
            for d in (workdir, home):
                os.chown(d, uid, uid)
        os.chdir(workdir)
        iso.set_process_name(SPARE_NAME)
        sub_r, sub_w = (_above_stdio(fd) for fd in os.pipe())
        sub = os.fork()  # ahead of the job, so the fork of a torch process costs no grading time
    except BaseException:
        traceback.print_exc()
        os._exit(iso.EXIT_SETUP)
    if sub == 0:
        os.close(sub_r)
        os.close(res_w)  # the submission never holds the result channel
        _submission(level, uid, workdir, home, job_r, (out_w, err_w), sub_w)
    for fd in (sub_w, job_r, out_w, err_w):
        os.close(fd)
    _trusted(_full(level), sub, sub_r, res_w)


def _submission(level: str, uid: int, workdir: str, home: str, job_r: int, std: tuple[int, int],
                sub_w: int) -> None:
    """The untrusted process: waits for its job, confines itself to the run's limits and uid, runs
    the family's harness beside the user's code and sends its facts to the trusted parent."""
    out_w, err_w = std
    try:
        iso.prctl(iso.PR_SET_PDEATHSIG, signal.SIGKILL)
        # Confined before its job arrives: none of this depends on the job, so it costs the
        # grading nothing, and a spare waits with no more power than the run it becomes.
        if uid >= 0:
            iso.drop_privileges(uid)
        elif "userns" in level.split("+"):
            iso.seal_user_namespace()
        iso.prctl(iso.PR_SET_NO_NEW_PRIVS, 1)  # before Landlock and seccomp: both require it
        if not _full(level):
            confine.apply(_PLAN, workdir)  # the fallback ladder (nothing where it is not planned)
        # What follows does not depend on the job either: done while the spare waits, it costs
        # the grading nothing (in a fork of torch, first touches of memory are page copies).
        os.environ.clear()
        os.environ.update({
            "HOME": home, "TMPDIR": workdir, "PATH": f"{os.path.dirname(sys.executable)}:/usr/bin:/bin",
            "LANG": "C.UTF-8", "PYTHONHASHSEED": "0", "PYTHONDONTWRITEBYTECODE": "1",
            # a run's uid has no passwd entry (and /etc/passwd is not in its view): name it here
            "USER": "dlprep", "LOGNAME": "dlprep",
            # compilers' caches go into the run's folder, the only place it may write
            "TORCHINDUCTOR_CACHE_DIR": os.path.join(workdir, ".inductor"),
            "TRITON_CACHE_DIR": os.path.join(workdir, ".triton"), "XDG_CACHE_HOME": os.path.join(home, ".cache"),
        })
        # Python caches its temp dir: the worker's answer (/tmp, read-only here) must not leak in.
        tempfile.tempdir = workdir
        multiprocessing.current_process()._config.pop("tempdir", None)  # type: ignore[attr-defined]
        devnull = os.open(os.devnull, os.O_RDONLY)
        if devnull != 0:
            os.dup2(devnull, 0)
        os.dup2(out_w, 1)
        os.dup2(err_w, 2)
        for fd in {devnull, out_w, err_w} - {0, 1, 2}:
            os.close(fd)
        # closefd=False: code that swaps sys.stdout for its own must not close fd 1 with ours
        sys.stdout = io.TextIOWrapper(os.fdopen(1, "wb", buffering=0, closefd=False), write_through=True)
        sys.stderr = io.TextIOWrapper(os.fdopen(2, "wb", buffering=0, closefd=False), write_through=True)
        from dlprep.checkers.sandbox import harness

        harness.rehearse()
        try:
            job, payload = read_frame(job_r)
        except EOFError:
            os._exit(0)  # a spare the worker no longer needs
        os.close(job_r)
        iso.set_process_name("dlprep-run")
        lim = {**DEFAULT_LIMITS, **job.get("limits", {})}
        iso.set_limits(int(lim["cpu_s"]), int(lim["mem_mb"]) << 20, int(lim["fsize_mb"]) << 20,
                       int(lim["nofile"]), int(lim["nproc"]))
        os.environ.update(job.get("env", {}))
    except BaseException:
        traceback.print_exc()
        os._exit(iso.EXIT_SETUP)
    try:
        from dlprep.checkers.sandbox import harness

        harness.started()
        module, _, fn = job["harness"].partition(":")
        result = getattr(importlib.import_module(module), fn)(job, payload)
        sys.stdout.flush()  # before the result: once it is complete the worker stops reading
        sys.stderr.flush()
        with os.fdopen(sub_w, "wb") as out:
            out.write(len(result).to_bytes(8, "big") + result)
    except BaseException:
        # SystemExit from user code lands here too: the run simply has no result.
        try:
            traceback.print_exc()
            sys.stderr.flush()
        finally:
            os._exit(iso.EXIT_HARNESS)
    os._exit(0)


def _trusted(full: bool, sub: int, sub_r: int, res_w: int) -> None:
    """The trusted parent (pid 1 of the run's namespace, still root there): it alone holds the
    result channel. It reads the submission's frame, kills the submission and everything it
    started *before* touching the frame, so nothing can change the facts once they are in (a raw
    thread, a GC callback, a grandchild), then decodes them without running code, adds what it
    sees itself, and forwards. Never returns."""
    try:
        iso.prctl(iso.PR_SET_DUMPABLE, 0)  # no ptrace or /proc/1/mem for the same uid (weak level)
        _rehearse_trusted(full)
        buf, exited = bytearray(), os.pidfd_open(sub)
        # Until a whole frame is in, the submission exits, or the pipe closes. Once it has exited
        # only what it wrote counts: a grandchild holding the pipe must not keep us waiting.
        while not _framed(buf) and len(buf) < RESULT_CAP + 8:
            ready = select.select([sub_r, exited], [], [])[0]
            if sub_r not in ready and select.select([sub_r], [], [], 0)[0] == []:
                break
            data = os.read(sub_r, 1 << 20)
            if not data:
                break
            buf += data
        # Whatever is still alive besides us now is what the solution left running.
        others = [e for e in os.listdir("/proc") if e.isdigit() and e not in ("1", str(sub)) and _alive(e)] \
            if full else []
        status = None
        if full:
            with contextlib.suppress(ProcessLookupError):  # ESRCH: nothing else was left in it
                os.kill(-1, signal.SIGKILL)  # pid 1: every process of the namespace but itself
        else:  # weak isolation: the worker sweeps the run's uid after, but it must not count ours
            os.kill(sub, signal.SIGKILL)
            _, status = os.waitpid(sub, 0)
        # The frame is in our memory now: nothing the submission does can change it. Waiting for
        # a fork of torch to be torn down would only delay the answer.
        if not _framed(buf):  # no result: end as the submission ended, so the grader says how
            if status is None:
                _, status = os.waitpid(sub, 0)
            if os.WIFSIGNALED(status):
                os._exit(EXIT_SIGNALED + os.WTERMSIG(status))
            os._exit(os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else iso.EXIT_HARNESS)
        result = _recount(bytes(buf[8:]), len(others)) if full else bytes(buf[8:])
        with os.fdopen(res_w, "wb") as res:
            res.write(len(result).to_bytes(8, "big") + result)
    except BaseException:
        traceback.print_exc()
        os._exit(iso.EXIT_HARNESS)
    os._exit(0)


def _rehearse_trusted(full: bool) -> None:
    """Our path once on a trusted message, while the submission waits for its job: as in the
    harness's rehearsal, the pages it first writes are copied now rather than after the result."""
    from dlprep.checkers.sandbox import wire

    _recount(wire.dumps({"processes": 0}), 0)
    if full:
        for e in os.listdir("/proc"):
            if e.isdigit():
                _alive(e)


def _alive(pid: str) -> bool:
    """Not a zombie: processes the harness killed re-parent to us and wait, unreaped, in /proc."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            return f.read().rpartition(b")")[2].split()[0] not in (b"Z", b"X")
    except (OSError, IndexError):
        return False


EXIT_SIGNALED = 160  # the trusted parent exits 160 + n when the submission died of signal n


def _recount(result: bytes, processes: int) -> bytes:
    """The facts with the process count seen by the trusted parent, not the one the harness sent
    (only the JSON head is rewritten: decoding every tensor here cost more than the run). A result
    that is not one plain dict cannot be corrected: it becomes one the grader fails closed."""
    from dlprep.checkers.sandbox import wire

    try:
        return wire.with_field(result, "processes", processes)
    except ValueError:
        return b"not a result the trusted parent could count"


def _above_stdio(fd: int) -> int:
    """fds 0-2 are closed here and become the run's stdio later: keep our pipe out of their way."""
    if fd > 2:
        return fd
    high = fcntl.fcntl(fd, fcntl.F_DUPFD, 3)
    os.close(fd)
    return high


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
    `uid` is -1 when runs share the worker's uid (no sweep by uid then).
    """
    as_root = uid >= 0
    victims: set[int] = set()
    targets: tuple[Callable[[], None], ...] = (lambda: os.killpg(pid, signal.SIGKILL),
                                               lambda: os.kill(pid, signal.SIGKILL))
    for target in targets:
        try:
            target()
        except (ProcessLookupError, PermissionError):
            pass
    deadline = time.monotonic() + KILL_WAIT_S
    while time.monotonic() < deadline:
        # escapees re-parent to us (we are a subreaper) as their parents die
        pids = (set(iso.processes_of(uid)) if as_root else set()) | set(iso.children_of(os.getpid()))
        pids -= {pid, _zyg().pid}  # the template is our child too, and no part of any run
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
    """Reap finished children (re-parented escapees) except `keep`, whose status we still need,
    and the template, whose end the worker learns from its socket."""
    for p in iso.children_of(os.getpid()):
        if p not in (keep, _zyg().pid):
            try:
                os.waitpid(p, os.WNOHANG)
            except ChildProcessError:
                pass


_WARMED: set[str] = set()  # warm-ups the template has run (in the worker: asked of it so far)


def _warm(names: list[str]) -> None:
    """In the template: run the trusted warm-ups named ("module:function", from the family's job,
    never from the submission), once each, before forking: what they initialise (torch.compile's
    first-use set-up costs seconds) every later run inherits."""
    for name in names:
        if name not in _WARMED:
            _WARMED.add(name)
            module, _, fn = name.partition(":")
            getattr(importlib.import_module(module), fn)()


def _framed(buf: bytearray) -> bool:
    """Whether the harness's result frame (8-byte length, then the bytes) is complete and exact."""
    return len(buf) >= 8 and len(buf) - 8 == int.from_bytes(buf[:8], "big")


@dataclass
class _Child:
    """A sandboxed child, forked and isolated by the template ahead of its job; it waits on
    `job_w` for one. The template is its parent: `_ZYG.wait` gives its exit status."""

    pid: int
    pidfd: int
    job_w: int
    out_r: int
    err_r: int
    res_r: int
    uid: int  # the run's own uid, -1 when it keeps the worker's
    workdir: str | None  # weak isolation only: a temporary folder
    warmed: frozenset[str]  # the warm-ups it inherited

    def release(self) -> None:
        """Close our ends of its pipes and remove its folder, once it is gone."""
        for fd in (self.pidfd, self.out_r, self.err_r, self.res_r):
            os.close(fd)
        if self.workdir:
            shutil.rmtree(self.workdir, ignore_errors=True)

    def discard(self) -> None:
        os.close(self.job_w)  # it exits on EOF; a pid namespace init takes the kill as well
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signal.SIGKILL)
        _zyg().wait(self.pid)
        if self.workdir:
            # Weak isolation, no pid namespace: the submission's process it had forked ahead of its
            # job outlives it, re-parents to us and would be counted as the next run's leftover.
            _kill_run(self.pid, self.uid)
        self.release()


def _spawn(level: str, own_ns: int, warm: list[str]) -> tuple[dict[str, Any], list[int]]:
    """In the template: the trusted warm-ups asked for, then one run forked and isolated ahead of
    its job. Returns its facts and the worker's ends of its pipes, with a pidfd."""
    if not set(warm) <= _WARMED:
        _warm(warm)
        _freeze()
    full = _full(level)
    uid = iso.UID_BASE + secrets.randbelow(iso.UID_SPAN) if "uid" in level.split("+") else -1
    workdir = None if full else tempfile.mkdtemp(prefix="dlprep-run-")
    job_r, job_w = os.pipe()
    out_r, out_w = os.pipe()
    err_r, err_w = os.pipe()
    res_r, res_w = os.pipe()
    sys.stdout.flush()
    sys.stderr.flush()
    pid = iso.fork_into_new_pid_namespace(own_ns) if full else os.fork()
    if pid == 0:
        _child(level, uid, workdir, job_r, (out_w, err_w, res_w))
    for fd in (job_r, out_w, err_w, res_w):
        os.close(fd)
    info = {"pid": pid, "uid": uid, "workdir": workdir, "warmed": sorted(_WARMED)}
    return info, [os.pidfd_open(pid), job_w, out_r, err_r, res_r]


_ZYGOTE: zygote.Zygote | None = None  # the template every run is forked from


def _zyg() -> zygote.Zygote:
    assert _ZYGOTE is not None, "the template is started before any run"
    return _ZYGOTE


# Runs forked ahead of their jobs. Two, not one: gradings back to back (verify, a class) found the
# one spare still being forked while the last run was torn down on the other core; with two the
# next job finds one ready (grade_latency.py back to back: median 33-39 -> 27-31 ms; three: no better).
SPARES = 2


def _ask_spare() -> None:
    """Have the template fork the next runs now, while the worker would otherwise wait: forking a
    process that holds torch and setting up its namespaces cost ~15 ms, off the grading's path."""
    while _zyg().ready_or_coming < SPARES:
        _zyg().request(sorted(_WARMED))


def _received() -> _Child:
    s = _zyg().take()
    i = s.info
    return _Child(int(i["pid"]), s.pidfd, s.job_w, s.out_r, s.err_r, s.res_r, int(i["uid"]), i["workdir"],
                  frozenset(i["warmed"]))


SPARE_NAME = "dlprep-spare"  # a run's process name until its job arrives


def _take_child(job: dict[str, Any]) -> _Child:
    """The oldest spare, if it has every warm-up this job names; else (spares forked before a
    warm-up are discarded) a new one forked after them."""
    _WARMED.update(job.get("warm", ()))
    _ask_spare()
    child = _received()
    while not _WARMED <= child.warmed:  # it was forked before this job's warm-up
        child.discard()
        _ask_spare()
        child = _received()
    return child


def _shm_entries() -> set[tuple[str, int]]:
    """Our uid's entries in /dev/shm (fallback and weak levels: the run shares the user's)."""
    try:
        with os.scandir("/dev/shm") as it:
            return {(e.name, e.inode()) for e in it if e.stat(follow_symlinks=False).st_uid == os.geteuid()}
    except OSError:
        return set()


def _sweep_shm(before: set[tuple[str, int]], since: float) -> None:
    """Delete what the run left in /dev/shm: entries of our uid that were not there when it started
    and changed since (a grading of the same user running alongside may lose a file it made at
    the same moment: another reason why the fallback is not full isolation)."""
    for name, _ in _shm_entries() - before:
        path = os.path.join("/dev/shm", name)
        try:
            if os.lstat(path).st_ctime >= since:
                shutil.rmtree(path) if os.path.isdir(path) and not os.path.islink(path) else os.unlink(path)
        except OSError:
            pass


def run_job(job: dict[str, Any], payload: bytes, level: str
            ) -> tuple[dict[str, Any], bytes, tuple[int, Callable[[], None]] | None]:
    """Run one job: the header, the result, and for a run still dying, its pidfd and its reaper."""
    full = _full(level)
    child = _take_child(job)
    pid, pidfd = child.pid, child.pidfd
    out_r, err_r, res_r = child.out_r, child.err_r, child.res_r
    t0 = time.monotonic()
    shm_before, wall0 = (set(), 0.0) if full else (_shm_entries(), time.time() - 1)
    try:
        with os.fdopen(child.job_w, "wb") as job_pipe:
            write_frame(job_pipe, job, payload)
    except OSError:
        pass  # the child died during set-up: its exit status (EXIT_SETUP) says so below
    streams = {out_r: _Capped(OUTPUT_CAP), err_r: _Capped(OUTPUT_CAP), res_r: _Capped(RESULT_CAP)}
    sel = selectors.DefaultSelector()
    for fd in (*streams, pidfd):
        sel.register(fd, selectors.EVENT_READ)
    deadline = t0 + float(job.get("timeout", 30))
    status, exited_at, timed_out, over_cap, done = None, 0.0, False, False, False
    open_fds = set(streams)

    def read_ready(timeout: float) -> None:
        nonlocal status, exited_at, over_cap
        for key, _ in sel.select(timeout):
            fd = key.fd
            if fd == pidfd:
                status = _zyg().wait(pid)
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

    while open_fds or status is None:
        now = time.monotonic()
        if now >= deadline:
            timed_out = True
            break
        if status is not None and now - exited_at > GRACE_S:
            break  # something that outlived the child still holds a pipe: the kill below ends it
        read_ready(deadline - now if status is None else GRACE_S)
        if over_cap:
            break
        if full and status is None and _framed(streams[res_r].buf):
            # The harness flushed its output before sending the result, so the pipes already hold
            # all of it. The run is over: answer now, and let the process (~10 ms to tear down a
            # fork of torch) and its namespace die while the grader judges.
            read_ready(0)
            done = True
            break
    # With a pid namespace the kernel kills everything the run started once the child is gone;
    # the sweep is needed only when the child is still there or isolation is weak.
    leftovers = 0
    if not done and (status is None or not full):
        _reap_dying()  # earlier runs' processes must not be counted as this one's leftovers
        leftovers = _kill_run(pid, child.uid)
    if status is None and not done:
        status = _zyg().wait(pid)
    if not full:
        _sweep_shm(shm_before, wall0)
    out, err, res = streams[out_r], streams[err_r], streams[res_r]
    code: int | None = 0  # a run answered early has finished its harness: it exits 0
    sig: int | None = None
    if status is not None:
        code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else None
        sig = os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
        if code is not None and EXIT_SIGNALED < code < EXIT_SIGNALED + 65:  # the submission's signal
            sig, code = code - EXIT_SIGNALED, None
    header = {
        "duration_s": time.monotonic() - t0,
        "timed_out": timed_out,
        "exit": code,
        "signal": sig,
        "stdout": out.buf.decode("utf-8", "replace"), "stdout_truncated": out.truncated,
        "stderr": err.buf.decode("utf-8", "replace"), "stderr_truncated": err.truncated,
        "result_over_cap": res.truncated, "output_over_cap": out.truncated or err.truncated,
        "leftovers_killed": leftovers, "level": level,
    }
    result = bytes(res.buf[8:]) if not over_cap and _framed(res.buf) else b""

    def close() -> None:
        sel.close()
        child.release()

    if not done or status is not None:  # status: the last read_ready found it exited
        close()
        return header, result, None
    # The child is init of its pid namespace: killing it ends everything in it. Tearing down a
    # fork of torch takes the kernel ~10 ms; the template reaps it while the next run starts.
    # It may have ended on its own since the last read (the template has not reaped it yet or has).
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)

    def reap() -> None:
        select.select([pidfd], [], [])  # readable once it is gone, with its whole namespace
        _zyg().forget(pid)
        close()

    return header, result, (pidfd, reap)


MAX_DYING = 4  # runs killed but not yet gone; past this, wait for them before the next run
_DYING: dict[int, Callable[[], None]] = {}  # pidfd -> forgets a run killed after its reply


def _reap_dying(ready: list[int] | None = None) -> None:
    for fd in list(_DYING) if ready is None else ready:
        if fd in _DYING:
            _DYING.pop(fd)()


def _start_template(own_ns: int, rootless: bool) -> str:
    """Fork the template (before any job is read) at the strongest level this machine allows; a
    level that fails to set up falls to the next, never to running unconfined."""
    global _ZYGOTE, _VIEW
    _VIEW = view.allowed()
    knob = _sandbox_knob()
    if knob != "weak" and (rootless or os.geteuid() == 0):
        _ZYGOTE, hello = zygote.start(lambda: _template_root(own_ns, rootless),
                                      lambda warm: _spawn(_TEMPLATE_LEVEL, own_ns, warm))
        if hello.get("level"):
            return str(hello["level"])
        _ZYGOTE.close()
    level = iso.WEAK_LEVEL if knob == "weak" else _probe_fallback()
    _ZYGOTE, hello = zygote.start(lambda: _template_plain(level), lambda warm: _spawn(level, own_ns, warm))
    return level


def _template_plain(level: str) -> dict[str, Any]:
    _warm(_START_WARM)
    _freeze()
    return {"level": level}


def _freeze() -> None:
    """In the template: move every object it holds out of the garbage collector's sight. A run's
    first collection would otherwise write to the header of each of torch's hundreds of thousands
    of objects, and every page it writes is copied (copy-on-write after fork): milliseconds of
    every grading."""
    gc.collect()
    gc.freeze()
    iso.collapse_to_huge_pages()


_TEMPLATE_LEVEL = iso.WEAK_LEVEL  # in the template: the level its private root gives
# The warm-ups the template runs before the worker says it is ready (the grader's first frame: what
# its first gradings will ask for, never anything from a submission).
_START_WARM: list[str] = []


def _template_root(own_ns: int, rootless: bool) -> dict[str, Any]:
    global _TEMPLATE_LEVEL
    hello = _prepare_root(own_ns, rootless)
    _TEMPLATE_LEVEL = str(hello["level"] or iso.WEAK_LEVEL)
    tempfile.tempdir = iso.WORKDIR  # the host's /tmp is not in the view: warm-ups write here
    _warm(_START_WARM)
    _freeze()
    return hello


def main() -> None:
    rootless = _enter_user_namespace()
    proto = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # stray prints from libraries must not corrupt the protocol stream
    iso.prctl(iso.PR_SET_CHILD_SUBREAPER, 1)
    _warm_imports()
    try:  # the grader's first frame: what to warm (sent once it knows, while we imported torch)
        start, _ = read_frame(0)
    except EOFError:
        return
    _START_WARM.extend(start["warm"])
    own_ns = os.open("/proc/self/ns/pid", os.O_RDONLY | os.O_CLOEXEC)
    level = _start_template(own_ns, rootless)
    _WARMED.update(_START_WARM)  # only now: the template, forked above, ran them itself
    write_frame(proto, {"ready": True, "level": level, "pid": os.getpid()})
    while True:
        _ask_spare()
        # Only a full list of dying runs makes select return empty-handed: then wait for the oldest.
        z = _zyg()
        ready = select.select([0, z.fileno(), *_DYING], [], [], None if len(_DYING) < MAX_DYING else 0.0)[0]
        if z.fileno() in ready:
            try:
                z.receive()
            except zygote.TemplateDied:
                break
        _reap_dying([fd for fd in ready if fd in _DYING] or list(_DYING)[:1] if len(_DYING) >= MAX_DYING
                    else [fd for fd in ready if fd in _DYING])
        if 0 not in ready:
            continue
        try:
            job, payload = read_frame(0)
        except EOFError:
            break
        left = None
        try:
            header, result, left = run_job(job, payload, level)
        except zygote.TemplateDied as e:  # no run can be made any more: answer, then stop
            write_frame(proto, {"worker_error": str(e), "level": level}, b"")
            break
        except Exception as e:  # report, keep serving: the grader fails the run closed
            header, result = {"worker_error": f"{type(e).__name__}: {e}", "level": level}, b""
        write_frame(proto, header, result)
        if left is not None:
            _DYING[left[0]] = left[1]
    _reap_dying()
    _zyg().close()


if __name__ == "__main__":
    main()
