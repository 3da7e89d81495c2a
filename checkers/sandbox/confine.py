"""The fallback ladder: what an ordinary user still gets where user namespaces are refused.

Landlock (an LSM any process may apply to itself, Linux 5.13+) confines the file system: reads
only in the run's view (view.py: the interpreter, the importable packages without the reference
solutions and banks, the shared libraries, a few files of /etc, /proc), writes only in
the run's own folder (and /dev/shm, where DataLoader workers share tensors and semaphores; the
worker deletes what a run left there). With Landlock ABI 4+ every TCP bind and connect is
refused; with ABI 6+ signals and abstract UNIX sockets stop at the run's edge, so it cannot kill
or talk to the user's other processes (ptrace, process_vm_readv/writev and /proc/PID/mem of
outside processes are refused by every Landlock ABI). A seccomp filter (libseccomp, through
pyseccomp) refuses new sockets of any family but AF_UNIX, io_uring (its socket and connect
operations would bypass the filter), the ptrace family, and SysV IPC and POSIX message queues
(with no IPC namespace, a segment or queue would outlive the run and reach the next one).

What it cannot do: hide other processes (no pid namespace), or stop connect() to a pathname UNIX
socket the user may write to (a session bus, a docker socket): so it is not full isolation.

Everything is applied in the run's submission process after no_new_privs and before user code;
the layers that apply on this kernel are worked out once in the worker (`available`).
"""

from __future__ import annotations

import ctypes
import errno
import os
import socket
import struct
import sys
from dataclasses import dataclass, field
from typing import Any

from dlprep.checkers.sandbox import view as view_

_libc = ctypes.CDLL(None, use_errno=True)
# The same numbers on x86_64 and aarch64: Landlock came after the syscall tables were unified.
_SYS_CREATE_RULESET, _SYS_ADD_RULE, _SYS_RESTRICT_SELF = 444, 445, 446
_VERSION = 1  # landlock_create_ruleset flag: return the ABI version
_RULE_PATH_BENEATH = 1

_EXECUTE, _WRITE_FILE, _READ_FILE, _READ_DIR = 1 << 0, 1 << 1, 1 << 2, 1 << 3
_FS_ABI1 = (1 << 13) - 1  # execute .. make_sym
_REFER, _TRUNCATE, _IOCTL_DEV = 1 << 13, 1 << 14, 1 << 15  # ABI 2, 3, 5
_FILE_RIGHTS = _EXECUTE | _WRITE_FILE | _READ_FILE | _TRUNCATE | _IOCTL_DEV  # what a rule on a file may hold
_READ = _EXECUTE | _READ_FILE | _READ_DIR
_NET_BIND_TCP, _NET_CONNECT_TCP = 1 << 0, 1 << 1  # ABI 4
_SCOPE_ABSTRACT_UNIX, _SCOPE_SIGNAL = 1 << 0, 1 << 1  # ABI 6

# /proc as a whole, and what glibc and torch read of /sys. Landlock cannot grant a run the /proc
# entries of processes it has not started yet, and the families count a run's own processes there
# (the DataLoader family's worker checks read each descendant's /proc/PID/stat), so /proc stays
# readable: another process's command line is readable in the fallback.
_PROC = ("/proc",)


def landlock_abi() -> tuple[int, str | None]:
    """(ABI version, None) or (0, why there is no Landlock here)."""
    if not sys.platform.startswith("linux"):
        return 0, "Landlock is Linux only"
    ret = _libc.syscall(_SYS_CREATE_RULESET, None, ctypes.c_size_t(0), ctypes.c_uint32(_VERSION))
    if ret >= 0:
        return int(ret), None
    err = ctypes.get_errno()
    if err == errno.EOPNOTSUPP:
        return 0, "Landlock is built in but not enabled in this kernel's LSM list (add landlock to lsm= at boot)"
    if err == errno.ENOSYS:
        return 0, "this kernel has no Landlock (Linux 5.13+ built with CONFIG_SECURITY_LANDLOCK)"
    return 0, f"Landlock refused: {os.strerror(err)}"


def seccomp_refusal() -> str | None:
    """None when a seccomp filter can be built here, else why not."""
    if not sys.platform.startswith("linux"):
        return "seccomp is Linux only"
    try:
        import pyseccomp  # noqa: F401
    except ImportError:
        return "pyseccomp is not installed (pip install pyseccomp)"
    except Exception as e:  # pyseccomp raises RuntimeError when libseccomp.so.2 is missing
        return f"libseccomp is missing ({e}; install libseccomp2)"
    return None


@dataclass
class Plan:
    """What to apply in each run, worked out once in the worker: the layer names for the level, and
    the folders a run may read (the unreadable ones are left out by construction)."""

    abi: int
    seccomp: bool
    readable: list[str] = field(default_factory=list)
    writable: list[str] = field(default_factory=list)  # besides the run's own folder
    devices: list[str] = field(default_factory=list)  # read-write device nodes

    @property
    def layers(self) -> list[str]:
        names = []
        if self.abi >= 1:
            names.append("landlock-fs")
        if self.abi >= 4:
            names.append("landlock-net")
        if self.abi >= 6:
            names.append("landlock-scope")
        if self.seccomp:
            names += ["seccomp-net", "seccomp-ipc"]
        return names


def plan(v: view_.View) -> Plan:
    """The ladder this kernel allows, with read rules for the view's paths only."""
    abi, _ = landlock_abi()
    p = Plan(abi, seccomp_refusal() is None)
    if abi:
        p.readable = sorted({*view_.readable(v), *(f for f in _PROC if os.path.exists(f))})
        p.writable = [d for d in ("/dev/shm",) if os.path.isdir(d)]
        p.devices = list(v.devices)
    return p


def _add_rule(ruleset: int, path: str, access: int, handled: int) -> None:
    try:
        fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
    except OSError:
        return  # gone since the plan was made: nothing to grant
    try:
        if not os.path.isdir(path):
            access &= _FILE_RIGHTS
        attr = struct.pack("=Qi", access & handled, fd)  # struct landlock_path_beneath_attr (packed)
        if _libc.syscall(_SYS_ADD_RULE, ruleset, _RULE_PATH_BENEATH, attr, 0) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"landlock_add_rule {path}: {os.strerror(err)}")
    finally:
        os.close(fd)


def _handled_fs(abi: int) -> int:
    handled = _FS_ABI1
    for bit, since in ((_REFER, 2), (_TRUNCATE, 3), (_IOCTL_DEV, 5)):
        if abi >= since:
            handled |= bit
    return handled


def landlock(p: Plan, workdir: str) -> None:
    """Confine this process and every process it starts (needs no_new_privs first)."""
    fs = _handled_fs(p.abi)
    net = _NET_BIND_TCP | _NET_CONNECT_TCP if p.abi >= 4 else 0
    scoped = _SCOPE_ABSTRACT_UNIX | _SCOPE_SIGNAL if p.abi >= 6 else 0
    attr = struct.pack("QQQ", fs, net, scoped)[: 8 if p.abi < 4 else 16 if p.abi < 6 else 24]
    ruleset = int(_libc.syscall(_SYS_CREATE_RULESET, attr, ctypes.c_size_t(len(attr)), ctypes.c_uint32(0)))
    if ruleset < 0:
        err = ctypes.get_errno()
        raise OSError(err, f"landlock_create_ruleset: {os.strerror(err)}")
    try:
        for path in p.readable:
            _add_rule(ruleset, path, _READ, fs)
        for path in (workdir, *p.writable):
            _add_rule(ruleset, path, fs, fs)
        for path in p.devices:
            _add_rule(ruleset, path, _READ_FILE | _WRITE_FILE | _TRUNCATE | _IOCTL_DEV, fs)
        if _libc.syscall(_SYS_RESTRICT_SELF, ruleset, ctypes.c_uint32(0)) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"landlock_restrict_self: {os.strerror(err)}")
    finally:
        os.close(ruleset)


# SysV IPC and POSIX message queues: with no IPC namespace they are the machine's, and outlive the
# run. Python's multiprocessing and torch use POSIX semaphores and shm_open (files in /dev/shm).
_IPC_CALLS = ("shmget", "shmat", "shmctl", "msgget", "msgsnd", "msgrcv", "msgctl", "semget", "semop",
              "semtimedop", "semctl", "mq_open", "mq_unlink", "mq_timedsend", "mq_timedreceive", "mq_notify",
              "mq_getsetattr")

# Built once in the worker (libseccomp compiles it), loaded in each run's process.
_FILTER: Any = None


def _seccomp_filter() -> Any:
    global _FILTER
    if _FILTER is None:
        import pyseccomp as sc

        f = sc.SyscallFilter(sc.ALLOW)  # other architectures (x32, i386) are killed by default
        f.add_rule(sc.ERRNO(errno.EAFNOSUPPORT), "socket", sc.Arg(0, sc.NE, socket.AF_UNIX))
        for name in ("io_uring_setup", "ptrace", "process_vm_readv", "process_vm_writev", *_IPC_CALLS):
            f.add_rule(sc.ERRNO(errno.EPERM), name)
        _FILTER = f
    return _FILTER


def prepare() -> None:
    """Do in the worker what need not be done per run."""
    if seccomp_refusal() is None:
        _seccomp_filter()


def seccomp() -> None:
    """No new sockets but AF_UNIX ones, no io_uring, no ptrace, no SysV IPC or POSIX message
    queues (needs no_new_privs first)."""
    _seccomp_filter().load()


def apply(p: Plan, workdir: str) -> None:
    """Every layer of the plan, in this (single-threaded) process, after PR_SET_NO_NEW_PRIVS."""
    if p.abi:
        landlock(p, workdir)
    if p.seccomp:
        seccomp()
