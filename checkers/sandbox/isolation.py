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
CLONE_NEWIPC = 0x08000000
CLONE_NEWUSER = 0x10000000
CLONE_NEWPID = 0x20000000
CLONE_NEWNET = 0x40000000
MS_RDONLY, MS_NOSUID, MS_NODEV, MS_NOEXEC = 1, 2, 4, 8
MS_REC, MS_PRIVATE = 16384, 1 << 18
PR_SET_PDEATHSIG, PR_SET_NAME, PR_SET_CHILD_SUBREAPER, PR_SET_NO_NEW_PRIVS = 1, 15, 36, 38
PR_SET_DUMPABLE = 4

EXIT_SETUP = 97  # the sandbox could not be set up: never run the user's code then
EXIT_HARNESS = 98  # the trusted harness itself failed

# As root: every run also gets its own uid. `mountns` is the private root (view.py): only the
# interpreter, the importable packages, its folder, a fresh /proc and a minimal /dev; `ipcns`
# its own SysV IPC and POSIX message queues (and a /dev/shm of its own, with the private root).
FULL_LEVEL = "netns+pidns+mountns+ipcns+rlimits+uid"
# As an ordinary user: root of a user namespace, with one uid only (the caller's); the run's pid
# namespace stands in for the per-run uid, and its mounts are locked read-only.
ROOTLESS_LEVEL = "userns+netns+pidns+mountns+ipcns+rlimits"
WEAK_LEVEL = "rlimits+pgroup"
# What full isolation means: no network, a private file system, no view of other processes.
FULL_LAYERS = ("netns", "mountns", "pidns")
# The fallback ladder (confine.py) names its layers landlock-fs, landlock-net, landlock-scope,
# seccomp-net and seccomp-ipc before rlimits+pgroup. It is never full: without a pid namespace the
# run sees every process, and connect() to a pathname UNIX socket the user may write to is not
# stopped.

# What a run is stopped from doing, and which layers stop it (any one of them suffices; an empty
# tuple: every level, whatever its layers).
STOPS: dict[str, tuple[str, ...]] = {
    "network": ("netns", "seccomp-net"),  # landlock-net alone stops TCP only
    "read_home": ("mountns", "landlock-fs"),
    # another checkout, a class folder, /srv, the host's /tmp, an installed copy of the answers:
    # the private root and Landlock's rules both allow a list of paths, not deny one
    "read_outside_view": ("mountns", "landlock-fs"),
    "write_outside": ("mountns", "landlock-fs"),
    "kill_outside": ("pidns", "landlock-scope"),
    "grandchild": ("pidns", "pgroup"),  # pgroup: the worker sweeps the run's processes after it
    "see_processes": ("pidns",),
    # /proc/PID/cmdline of the grader and its worker (a batch's seed): a pid namespace shows none
    # of them; the fallback keeps /proc readable (confine._PROC says why)
    "read_other_cmdlines": ("pidns",),
    # the user's own sockets (session bus, agents, a docker socket) live in /run and /tmp, which the
    # private root leaves out; Landlock (up to ABI 7) does not govern connect() to a socket's path
    "unix_sockets": ("mountns",),
    # SysV shared memory, semaphores and message queues, POSIX message queues: a namespace of its
    # own per run, or (fallback) every call that makes or opens one refused by seccomp
    "ipc_between_runs": ("ipcns", "seccomp-ipc"),
    # files left in /dev/shm: a tmpfs of its own per run, or (pgroup: the fallback and weak levels)
    # the worker deletes what the run made there after it
    "shm_leftovers": ("mountns", "pgroup"),
    # an earlier run's source, frames or results: every run forks from a template that never
    # received a job (zygote.py), at every level
    "earlier_runs": (),
}

# How to get full isolation as an ordinary user where the kernel refuses user namespaces.
USERNS_HINT = ("allow unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1, or "
               "kernel.apparmor_restrict_unprivileged_userns=0 on Ubuntu; in a container, run it "
               "with user namespaces allowed) or run as root")
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


MADV_HUGEPAGE, MADV_COLLAPSE = 14, 25  # MADV_COLLAPSE: Linux 6.1+
_HUGE = 1 << 21


def collapse_to_huge_pages() -> None:
    """Back this process's private writable memory with 2 MB pages, now (MADV_COLLAPSE) and as it
    grows (MADV_HUGEPAGE). For the template: every run is forked from it and exits, and fork and
    exit copy and free one page-table entry per 4 KB page of its ~150 MB heap; on 2 MB pages
    fork + exit cost 20 -> 6 ms on a small VM. A write in a run still copies 4 KB (the kernel
    splits a huge page on copy-on-write). Best effort: an older kernel or THP off leaves it as is."""
    madvise = _libc.madvise
    madvise.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
    try:
        with open("/proc/self/maps") as maps:
            regions = [line.split() for line in maps]
    except OSError:
        return
    for fields in regions:
        start, end = (int(x, 16) for x in fields[0].split("-"))
        anonymous = len(fields) < 6 or fields[5] == "[heap]"
        lo, hi = (start + _HUGE - 1) & ~(_HUGE - 1), end & ~(_HUGE - 1)
        if fields[1].startswith("rw") and anonymous and hi > lo:
            for advice in (MADV_HUGEPAGE, MADV_COLLAPSE):
                madvise(lo, hi - lo, advice)


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


WORKDIR = "/tmp/run"  # the run's own folder, at the same place in every run

_SYS_OPEN_TREE, _SYS_MOVE_MOUNT = 428, 429  # x86_64 and aarch64 share these numbers
_OPEN_TREE_CLONE, _AT_RECURSIVE, _AT_FDCWD, _MOVE_MOUNT_F_EMPTY_PATH = 1, 0x8000, -100, 4


def clone_tree(path: Path) -> int:
    """A detached copy of the mount tree at `path` (a folder or a file), to attach elsewhere."""
    fd = int(_libc.syscall(_SYS_OPEN_TREE, _AT_FDCWD, str(path).encode(), _OPEN_TREE_CLONE | _AT_RECURSIVE))
    if fd < 0:
        err = ctypes.get_errno()
        raise OSError(err, f"open_tree {path}: {os.strerror(err)}")
    return fd


def attach_tree(fd: int, path: Path) -> None:
    """Mount a `clone_tree` copy on `path` (which must exist, of the same kind) and close it."""
    _check(_libc.syscall(_SYS_MOVE_MOUNT, fd, b"", _AT_FDCWD, str(path).encode(), _MOVE_MOUNT_F_EMPTY_PATH),
           f"move_mount {path}")
    os.close(fd)


def stops(level: str, threat: str) -> bool:
    """Whether a run at `level` is stopped from `threat` (a key of STOPS)."""
    layers = STOPS[threat]
    return not layers or not set(layers).isdisjoint(level.split("+"))


def full_isolation(level: str) -> str | None:
    """None when `level` is full isolation, else one line saying what is missing."""
    layers = set(level.split("+"))
    missing = [layer for layer in FULL_LAYERS if layer not in layers]
    if not missing:
        return None
    return f"sandbox level {level} lacks {'+'.join(missing)}: {USERNS_HINT}"


def enter_user_namespace() -> None:
    """Become root of a new user namespace (mapping the caller's uid and gid to 0 in it), with a
    new pid namespace for the caller's next child and a mount namespace of its own.

    Must run while the process has one thread: the kernel refuses CLONE_NEWUSER otherwise.
    """
    uid, gid = os.geteuid(), os.getegid()
    unshare(CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNS)
    Path("/proc/self/setgroups").write_text("deny")  # required before an unprivileged gid_map
    Path("/proc/self/uid_map").write_text(f"0 {uid} 1")
    Path("/proc/self/gid_map").write_text(f"0 {gid} 1")


PR_CAPBSET_DROP, PR_SET_SECUREBITS, PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL = 24, 28, 47, 4
_SECBIT_NOROOT, _SECBIT_NOROOT_LOCKED = 1 << 0, 1 << 1
_CAPABILITY_VERSION_3 = 0x20080522


def seal_user_namespace() -> None:
    """Take from a rootless run the powers it holds as root of the worker's user namespace, which
    would let it unmount its private root's read-only binds and masks or make them writable.

    A nested user namespace with its own mount namespace turns every mount set up so far into
    a locked one (the kernel refuses to unmount or re-flag mounts inherited from a more privileged
    namespace); then every capability goes, and root's regain of them on exec is switched off.
    """
    unshare(CLONE_NEWUSER | CLONE_NEWNS)
    Path("/proc/self/setgroups").write_text("deny")
    Path("/proc/self/uid_map").write_text("0 0 1")
    Path("/proc/self/gid_map").write_text("0 0 1")
    for cap in range(64):
        if _libc.prctl(PR_CAPBSET_DROP, ctypes.c_ulong(cap), 0, 0, 0) != 0 and cap < 41:
            err = ctypes.get_errno()  # past the last capability this kernel knows, EINVAL is expected
            raise OSError(err, f"PR_CAPBSET_DROP {cap}: {os.strerror(err)}")
    prctl(PR_SET_SECUREBITS, _SECBIT_NOROOT | _SECBIT_NOROOT_LOCKED)
    _check(_libc.prctl(PR_CAP_AMBIENT, ctypes.c_ulong(PR_CAP_AMBIENT_CLEAR_ALL), 0, 0, 0), "clear ambient caps")
    header = struct.pack("Ii", _CAPABILITY_VERSION_3, 0)
    data = bytes(24)  # two (effective, permitted, inheritable) triples, all empty
    _check(_libc.capset(header, data), "capset")


def userns_refusal() -> str | None:
    """None when this user may create a user namespace, else why not (tried in a forked child)."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        try:
            unshare(CLONE_NEWUSER)
            os._exit(0)
        except OSError as e:
            os.write(w, str(e).encode()[:200])
            os._exit(1)
    os.close(w)
    why = os.read(r, 256).decode(errors="replace")
    os.close(r)
    os.waitpid(pid, 0)
    return why or None


# Where distributions switch unprivileged user namespaces off, and the value that does it.
_USERNS_SYSCTLS = (("kernel/apparmor_restrict_unprivileged_userns", "1"), ("kernel/unprivileged_userns_clone", "0"),
                   ("user/max_user_namespaces", "0"))


def userns_policy() -> str | None:
    """The sysctl that refuses user namespaces here, e.g. `kernel.unprivileged_userns_clone=0`."""
    for name, off in _USERNS_SYSCTLS:
        try:
            value = Path("/proc/sys", name).read_text().strip()
        except OSError:
            continue
        if value == off:
            return f"{name.replace('/', '.')}={value}"
    return None


def own_proc() -> None:
    """A /proc that shows the caller's pid namespace (its pids are what os.kill and waitpid use)."""
    mount("none", "/", None, MS_REC | MS_PRIVATE)
    mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC)


_SYS_MOUNT_SETATTR, _MOUNT_ATTR_RDONLY = 442, 0x1


def read_only_everywhere() -> None:
    """Every mount below / read-only (mount_setattr, Linux 5.12+): a rootless run keeps the
    caller's uid, so the file system's permissions alone would let it write where the user can."""
    attr = struct.pack("QQQQ", _MOUNT_ATTR_RDONLY, 0, 0, 0)  # struct mount_attr
    buf = ctypes.create_string_buffer(attr, len(attr))
    _check(_libc.syscall(_SYS_MOUNT_SETATTR, _AT_FDCWD, b"/", _AT_RECURSIVE, buf, ctypes.c_size_t(len(attr))),
           "mount_setattr /")


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


def reap_zombies(ended: dict[int, int] | None = None) -> None:
    """Reap every child that has exited (a zombie still counts as a process in /proc); each one's
    wait status goes into `ended` when given."""
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        if ended is not None:
            ended[pid] = status
