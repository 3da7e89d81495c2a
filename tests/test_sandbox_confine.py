"""Each layer of the fallback ladder (checkers/sandbox/confine.py) alone, in a forked child: what it
refuses and what it still lets a run do. The worker-level cases, run as an ordinary user with user
namespaces refused, are in test_sandbox_rootless.py."""

from __future__ import annotations

import errno
import os
import socket
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from dlprep.checkers.sandbox import confine
from dlprep.checkers.sandbox import isolation as iso
from dlprep.checkers.sandbox.view import View

ABI = confine.landlock_abi()[0]
needs_landlock = pytest.mark.skipif(ABI < 1, reason=f"no Landlock here: {confine.landlock_abi()[1]}")


def _confined(plan: confine.Plan, workdir: Path, attempt: Callable[[], object]) -> int:
    """Run `attempt` in a child confined by `plan`: 0 when it succeeded, else the errno it raised."""
    pid = os.fork()
    if pid == 0:
        try:
            iso.prctl(iso.PR_SET_NO_NEW_PRIVS, 1)
            confine.apply(plan, str(workdir))
        except BaseException:
            os._exit(200)
        try:
            attempt()
            os._exit(0)
        except OSError as e:
            os._exit(e.errno or 201)
        except BaseException:
            os._exit(202)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


@pytest.fixture
def dirs(tmp_path: Path) -> tuple[Path, Path, Path]:
    """(the run's folder, a secret folder, an ordinary folder elsewhere)."""
    work, secret, other = tmp_path / "work", tmp_path / "secret", tmp_path / "other"
    for d in (work, secret, other):
        d.mkdir()
    (secret / "token").write_text("token")
    (other / "data").write_text("data")
    return work, secret, other


@needs_landlock
def test_landlock_fs_reads_only_the_view_and_writes_only_in_the_run_folder(dirs):
    """An allow-list: a folder nobody named (a secret, another checkout) is unreadable without
    being listed anywhere."""
    work, secret, other = dirs
    plan = confine.plan(View(binds=[other], devices=[os.devnull]))
    plan.seccomp = False
    assert _confined(plan, work, lambda: (secret / "token").read_text()) == errno.EACCES
    assert _confined(plan, work, lambda: os.listdir(secret)) == errno.EACCES
    assert _confined(plan, work, lambda: (other / "data").read_text()) == 0
    assert _confined(plan, work, lambda: (other / "new").write_text("x")) == errno.EACCES
    assert _confined(plan, work, lambda: (other / "data").write_text("x")) == errno.EACCES
    assert _confined(plan, work, lambda: (work / "new").write_text("x")) == 0
    assert _confined(plan, work, lambda: open(os.devnull, "w").write("x")) == 0
    assert not (other / "new").exists() and (other / "data").read_text() == "data"


@needs_landlock
def test_landlock_fs_lets_a_run_read_its_own_processes_in_proc(dirs):
    """Why /proc stays readable in the fallback: the families count a run's own processes there
    (the DataLoader family reads each worker's /proc/PID/stat), and Landlock cannot grant the
    /proc entry of a process that does not exist yet."""
    work = dirs[0]
    plan = confine.plan(View())
    plan.seccomp = False

    def child_stat() -> None:
        pid = os.fork()
        if pid == 0:
            os._exit(0)
        try:
            open(f"/proc/{pid}/stat").read()
        finally:
            os.waitpid(pid, 0)

    assert _confined(plan, work, lambda: open("/proc/self/status").read()) == 0
    assert _confined(plan, work, child_stat) == 0


@needs_landlock
def test_a_masked_folder_inside_an_allowed_one_stays_unreadable(dirs):
    """A non-editable install keeps the reference solutions inside the package dlprep needs."""
    work, _, other = dirs
    (other / "reference_impls").mkdir()
    (other / "reference_impls" / "reference.py").write_text("answer")
    plan = confine.plan(View(binds=[other], masks=[other / "reference_impls"]))
    plan.seccomp = False
    assert _confined(plan, work, lambda: (other / "data").read_text()) == 0
    assert _confined(plan, work, lambda: (other / "reference_impls" / "reference.py").read_text()) == errno.EACCES


@pytest.mark.skipif(ABI < 4, reason="Landlock TCP rules need ABI 4")
def test_landlock_net_refuses_tcp_connect_and_bind(dirs):
    work = dirs[0]
    plan = confine.Plan(ABI, False, readable=["/"])
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(1)
        port = listener.getsockname()[1]
        assert _confined(plan, work, lambda: socket.create_connection(("127.0.0.1", port), timeout=2)) == errno.EACCES
    assert _confined(plan, work, lambda: socket.socket().bind(("127.0.0.1", 0))) == errno.EACCES


@pytest.mark.skipif(ABI < 6, reason="Landlock scopes need ABI 6")
def test_landlock_scope_refuses_signals_to_processes_outside_the_run(dirs):
    work = dirs[0]
    plan = confine.Plan(ABI, False, readable=["/"])
    victim = subprocess.Popen(["sleep", "60"])
    try:
        assert _confined(plan, work, lambda: os.kill(victim.pid, 9)) == errno.EPERM
        assert victim.poll() is None

        def own_child() -> None:  # its own processes it may still signal
            pid = os.fork()
            if pid == 0:
                os.execvp("sleep", ["sleep", "60"])
            os.kill(pid, 9)
            os.waitpid(pid, 0)

        assert _confined(plan, work, own_child) == 0
    finally:
        victim.kill()
        victim.wait()


@pytest.mark.skipif(confine.seccomp_refusal() is not None, reason=str(confine.seccomp_refusal()))
def test_seccomp_refuses_every_socket_family_but_unix(dirs):
    work = dirs[0]
    plan = confine.Plan(0, True)
    assert _confined(plan, work, lambda: socket.socket(socket.AF_INET, socket.SOCK_DGRAM)) == errno.EAFNOSUPPORT
    assert _confined(plan, work, lambda: socket.socket(socket.AF_INET6)) == errno.EAFNOSUPPORT
    assert _confined(plan, work, lambda: socket.socket(socket.AF_NETLINK, socket.SOCK_RAW)) == errno.EAFNOSUPPORT
    assert _confined(plan, work, lambda: socket.socketpair(socket.AF_UNIX)) == 0  # multiprocessing needs it


@pytest.mark.skipif(confine.seccomp_refusal() is not None, reason=str(confine.seccomp_refusal()))
def test_seccomp_refuses_sysv_ipc_and_posix_message_queues(dirs):
    """With no IPC namespace a segment or queue would outlive the run and reach the next one."""
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)

    def call(ret: int) -> None:
        if ret < 0:
            raise OSError(ctypes.get_errno(), "refused")

    work = dirs[0]
    plan = confine.Plan(0, True)
    ipc_private, ipc_creat = 0, 0o1000
    assert _confined(plan, work, lambda: call(libc.shmget(ipc_private, 4096, ipc_creat | 0o600))) == errno.EPERM
    assert _confined(plan, work, lambda: call(libc.msgget(ipc_private, ipc_creat | 0o600))) == errno.EPERM
    assert _confined(plan, work, lambda: call(libc.semget(ipc_private, 1, ipc_creat | 0o600))) == errno.EPERM
    assert _confined(plan, work, lambda: call(libc.shmat(0, None, 0))) == errno.EPERM
    rt = ctypes.CDLL("librt.so.1", use_errno=True)
    assert _confined(plan, work, lambda: call(rt.mq_open(b"/dlprep-test", os.O_CREAT | os.O_RDWR, 0o600, None))) \
        == errno.EPERM


def test_layers_are_named_after_what_the_kernel_has():
    assert confine.Plan(0, False).layers == []
    assert confine.Plan(3, True).layers == ["landlock-fs", "seccomp-net", "seccomp-ipc"]
    assert confine.Plan(7, True).layers == ["landlock-fs", "landlock-net", "landlock-scope", "seccomp-net",
                                            "seccomp-ipc"]
    level = "+".join([*confine.Plan(7, True).layers, iso.WEAK_LEVEL])
    assert all(iso.stops(level, t) for t in ("network", "read_home", "read_outside_view", "write_outside",
                                             "kill_outside", "ipc_between_runs", "shm_leftovers",
                                             "earlier_runs"))
    assert not iso.stops(level, "read_other_cmdlines")
    assert not iso.stops(level, "see_processes")
    assert "lacks netns+mountns+pidns" in str(iso.full_isolation(level))  # never full isolation
    assert not iso.stops("landlock-fs+landlock-net+rlimits+pgroup", "network")  # TCP only: UDP goes out
