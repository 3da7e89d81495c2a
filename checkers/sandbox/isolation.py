"""Linux isolation primitives for the sandboxed child (namespaces, mounts, limits, privileges).

Everything here runs in a freshly forked child before any user code; a failure exits with
EXIT_SETUP so the grader reports a sandbox error (fail closed) instead of running unconfined.
"""

from __future__ import annotations

import ctypes
import fcntl
import os
import resource
import socket
import struct
from pathlib import Path

CLONE_NEWNS = 0x00020000
CLONE_NEWPID = 0x20000000
CLONE_NEWNET = 0x40000000
MS_RDONLY, MS_NOSUID, MS_NODEV, MS_NOEXEC = 1, 2, 4, 8
MS_REC, MS_PRIVATE = 16384, 1 << 18
PR_SET_PDEATHSIG, PR_SET_NAME, PR_SET_CHILD_SUBREAPER, PR_SET_NO_NEW_PRIVS = 1, 15, 36, 38
PR_SET_DUMPABLE = 4

EXIT_SETUP = 97  # the sandbox could not be set up: never run the user's code then
EXIT_HARNESS = 98  # the trusted harness itself failed

FULL_LEVEL = "netns+pidns+mountns+rlimits+uid"
WEAK_LEVEL = "rlimits+pgroup"
# Run uids are picked from this range, one per run, so a sweep by uid finds every escapee.
UID_BASE, UID_SPAN = 200_000, 100_000

_libc = ctypes.CDLL(None, use_errno=True)


def _check(ret: int, what: str) -> None:
    if ret != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def prctl(option: int, arg: int) -> None:
    _check(_libc.prctl(option, ctypes.c_ulong(arg), 0, 0, 0), f"prctl({option})")


def set_process_name(name: str) -> None:
    """What `ps` and /proc/PID/comm show (15 bytes at most)."""
    _check(_libc.prctl(PR_SET_NAME, name.encode()[:15], 0, 0, 0), "prctl(PR_SET_NAME)")


def unshare(flags: int) -> None:
    _check(_libc.unshare(flags), "unshare")


def fork_into_new_pid_namespace(own_ns_fd: int) -> int:
    """fork() whose child is init (pid 1) of a fresh pid namespace, in one fork.

    unshare(CLONE_NEWPID) moves only the caller's next child; the caller steps back into its own
    namespace (`own_ns_fd`, opened from /proc/self/ns/pid) at once, so every run gets a new one.
    One fork instead of a fork inside a fork halves the cost of a run's start and end: forking
    and tearing down a process that holds torch costs ~10 ms each on a small VM.
    """
    unshare(CLONE_NEWPID)
    pid = -1
    try:
        pid = os.fork()
        return pid
    finally:
        if pid != 0:  # the child is already where it belongs
            _check(_libc.setns(own_ns_fd, CLONE_NEWPID), "setns")


def mount(source: str, target: str, fstype: str | None, flags: int, data: str | None = None) -> None:
    _check(
        _libc.mount(source.encode(), target.encode(), fstype.encode() if fstype else None,
                    ctypes.c_ulong(flags), data.encode() if data else None),
        f"mount {target}",
    )


def loopback_up() -> None:
    """A new network namespace has only `lo`, and it is down: bring it up (127.0.0.1 only)."""
    siocgifflags, siocsifflags, iff_up = 0x8913, 0x8914, 0x1
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        ifr = struct.pack("16sh22x", b"lo", 0)
        flags = struct.unpack("16sh22x", fcntl.ioctl(s, siocgifflags, ifr))[1]
        fcntl.ioctl(s, siocsifflags, struct.pack("16sh22x", b"lo", flags | iff_up))


MS_REMOUNT, MS_BIND, MS_MOVE = 32, 4096, 8192
WORKDIR = "/tmp/run"


def _blocking_ancestor(path: Path) -> Path | None:
    """The topmost folder above `path` that other users cannot traverse (e.g. a 0700 /root)."""
    for a in reversed(path.parents):
        if a != Path("/") and not os.stat(a).st_mode & 0o001:
            return a
    return None


_SYS_OPEN_TREE, _SYS_MOVE_MOUNT = 428, 429  # x86_64 and aarch64 share these numbers
_OPEN_TREE_CLONE, _AT_RECURSIVE, _AT_FDCWD, _MOVE_MOUNT_F_EMPTY_PATH = 1, 0x8000, -100, 4


def _clone_tree(path: Path) -> int:
    fd = int(_libc.syscall(_SYS_OPEN_TREE, _AT_FDCWD, str(path).encode(), _OPEN_TREE_CLONE | _AT_RECURSIVE))
    if fd < 0:
        err = ctypes.get_errno()
        raise OSError(err, f"open_tree {path}: {os.strerror(err)}")
    return fd


def _attach_tree(fd: int, path: Path) -> None:
    os.makedirs(path, exist_ok=True)
    _check(_libc.syscall(_SYS_MOVE_MOUNT, fd, b"", _AT_FDCWD, str(path).encode(), _MOVE_MOUNT_F_EMPTY_PATH),
           f"move_mount {path}")
    os.close(fd)


def private_filesystem(hide: list[Path], needed: list[Path]) -> str:
    """Private, empty /tmp (read-only but for WORKDIR), /var/tmp (read-only) and /dev/shm; they
    vanish with the namespace. `hide` folders are covered by empty read-only mounts.

    `needed` folders (the Python installation, dlprep itself) must stay readable for the run's
    unprivileged uid even when they sit under /tmp (a checkout there) or inside a private folder
    (Python under a 0700 /root): they are cloned as detached mounts first, the covering mounts go
    up, and the clones are attached again on top - which also hides everything else around them.
    """
    mount("none", "/", None, MS_REC | MS_PRIVATE)
    clones = [(path, _clone_tree(path)) for path in needed]
    blocking = [_blocking_ancestor(path) for path in needed]  # before anything is covered
    mount("tmpfs", "/tmp", "tmpfs", MS_NOSUID | MS_NODEV, "size=64k,mode=0755")
    covered = {Path("/tmp")}
    for top in blocking:
        if top is not None and not any(c == top or c in top.parents for c in covered):
            mount("tmpfs", str(top), "tmpfs", MS_NOSUID | MS_NODEV, "size=64k,mode=0755")
            covered.add(top)
    for path, fd in clones:
        if any(c == path or c in path.parents for c in covered):
            _attach_tree(fd, path)
        else:
            os.close(fd)  # still visible where it is
    os.mkdir(WORKDIR, 0o700)
    mount("tmpfs", WORKDIR, "tmpfs", MS_NOSUID | MS_NODEV, "size=1g,mode=0700")
    mount("none", "/tmp", None, MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV)
    if os.path.isdir("/dev/shm"):  # DataLoader workers share tensors through it
        mount("tmpfs", "/dev/shm", "tmpfs", MS_NOSUID | MS_NODEV, "size=1g,mode=1777")
    if os.path.isdir("/var/tmp"):
        mount("tmpfs", "/var/tmp", "tmpfs", MS_RDONLY | MS_NOSUID | MS_NODEV, "size=4k,mode=0555")
    mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC)
    for path in hide:
        if path.is_dir():
            mount("tmpfs", str(path), "tmpfs", MS_RDONLY | MS_NOSUID | MS_NODEV, "size=4k,mode=0555")
    return WORKDIR


def set_limits(cpu_s: int, mem_bytes: int, fsize: int, nofile: int, nproc: int) -> None:
    # The address-space limit is on top of what the warm worker already maps (torch is large).
    vm = _vm_size()
    for res, val in (
        (resource.RLIMIT_CPU, cpu_s),
        (resource.RLIMIT_AS, vm + mem_bytes),
        (resource.RLIMIT_FSIZE, fsize),
        (resource.RLIMIT_NOFILE, nofile),
        (resource.RLIMIT_NPROC, nproc),
        (resource.RLIMIT_CORE, 0),
    ):
        resource.setrlimit(res, (val, val))


def _vm_size() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmSize:"):
            return int(line.split()[1]) * 1024
    return 0


def drop_privileges(uid: int) -> None:
    os.setgroups([])
    os.setgid(uid)
    os.setuid(uid)


def processes_of(uid: int) -> list[int]:
    """Pids of every process running as `uid` (the run's own uid: all of them are the run's)."""
    pids = []
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/status") as f:
                for line in f:
                    if line.startswith("Uid:"):
                        if int(line.split()[1]) == uid:
                            pids.append(int(entry.name))
                        break
        except OSError:
            continue
    return pids


def children_of(ppid: int) -> list[int]:
    pids = []
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            if int(fields[1]) == ppid:
                pids.append(int(entry.name))
        except (OSError, IndexError, ValueError):
            continue
    return pids
