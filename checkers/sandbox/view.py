"""What a run may see of the file system: an allow-list, never a deny-list.

A run sees the interpreter, the packages it may import (dlprep's code without its reference
solutions, banks and checks), the shared libraries and tools they load, a few files of /etc, a
fresh /proc, a minimal /dev and its own folder: nothing else (no home, no other checkout, no class
folder, no /srv, /run or the host's /tmp). Anything not named here is simply absent, so a copy of
the answers kept somewhere we did not think of stays out of reach too.

Two ways to apply it, from the same `View`:
- namespaces (root, or root of a user namespace): `build_root` makes a private root, once per
  worker in the template process (zygote.py): a tmpfs holding read-only bind mounts of exactly
  these paths, with `pivot_root` into it; a run then only adds its folder, /dev/shm and /proc.
- the fallback (no namespaces): Landlock read rules for these paths only (confine.py).
"""

from __future__ import annotations

import ctypes
import glob
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

from dlprep.checkers.sandbox import isolation as iso

# System folders the interpreter, torch's libraries and the C toolchain (torch.compile's C++
# backends, triton on a GPU) load from. Not /usr/share, /usr/local (the interpreter's own prefix
# is added when it lives there), /usr/src or /opt: those may hold anything, a checkout included.
SYSTEM_DIRS = ("/usr/bin", "/usr/sbin", "/usr/lib", "/usr/lib32", "/usr/lib64", "/usr/libx32", "/usr/libexec",
               "/usr/include")
# Top-level names that are links into /usr on a merged-/usr system (/lib64/ld-linux-x86-64.so.2 is
# every ELF binary's loader) or folders of their own elsewhere.
TOP_LEVEL = ("bin", "sbin", "lib", "lib32", "lib64", "libx32")
# /etc: only what the loader and name lookups read (gloo resolves localhost for torchrun).
ETC_FILES = ("/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/hosts", "/etc/nsswitch.conf", "/etc/localtime")
# What glibc and torch read of /sys: how many CPUs there are (os.cpu_count, sysconf).
SYS_DIRS = ("/sys/devices/system/cpu",)
# Devices: the null family and randomness; GPU nodes when there are any.
DEVICES = ("/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom")
GPU_PREFIXES = ("nvidia", "dri")
# What dlprep ships that a run must never read: the reference solutions (with each exercise's
# check.py and hidden-case code) and the banks.
SECRET_SUBPACKAGES = ("reference_impls", "questions")


@dataclass(frozen=True)
class View:
    """The paths a run sees, at the same place as outside."""

    binds: list[Path] = field(default_factory=list)  # folders and files, read-only
    links: dict[str, str] = field(default_factory=dict)  # top-level name -> its link target
    masks: list[Path] = field(default_factory=list)  # folders inside `binds` shown empty
    devices: list[str] = field(default_factory=list)  # device nodes, read-write


def _import_roots() -> list[Path]:
    """Where imports come from: the interpreter's trees, every folder on sys.path (site-packages of
    a venv and of the base install), and dlprep's own packages (outside them in an editable
    install: the checkout's src/dlprep, checkers and cli, never the checkout itself)."""
    import dlprep
    import dlprep.checkers
    import dlprep.cli

    found = {Path(sys.prefix), Path(sys.base_prefix), Path(sys.executable).parent}
    found |= {Path(p) for p in sys.path[1:] if p and os.path.isdir(p)}
    found |= {Path(dlprep.__path__[0]), Path(dlprep.checkers.__path__[0]), Path(dlprep.cli.__path__[0])}
    return [p.resolve() for p in found]


def _secret_folders(roots: list[Path]) -> list[Path]:
    """dlprep's reference solutions and banks wherever a dlprep package sits inside the allowed
    trees (this install's, and any other install in a shared site-packages)."""
    from dlprep import paths

    out = {paths.exercises_dir().resolve(), paths.banks_dir().resolve()}
    for root in roots:
        patterns = [str(root / "dlprep" / s) for s in SECRET_SUBPACKAGES]
        patterns += [str(root / "lib" / "python3*" / "*-packages" / "dlprep" / s) for s in SECRET_SUBPACKAGES]
        for pattern in patterns:
            out |= {Path(p).resolve() for p in glob.glob(pattern) if os.path.isdir(p)}
    return sorted(p for p in out if any(p == r or r in p.parents for r in roots))


def allowed() -> View:
    """The view for this worker, worked out once at start-up."""
    roots = {Path(d) for d in (*SYSTEM_DIRS, *SYS_DIRS) if os.path.isdir(d) and not os.path.islink(d)}
    roots |= set(_import_roots())
    links: dict[str, str] = {}
    for name in TOP_LEVEL:
        top = Path("/", name)
        if top.is_symlink():
            links[name] = os.readlink(top)
        elif top.is_dir():
            roots.add(top)
    # Nested paths are dropped: the folder above carries them.
    binds = sorted(p for p in roots if p != Path("/") and not any(q in p.parents for q in roots))
    masks = _secret_folders(binds)
    files = [Path(f) for f in ETC_FILES if os.path.isfile(f)]
    devices = [d for d in DEVICES if os.path.exists(d)]
    if os.path.isdir("/dev"):
        devices += sorted(e.path for e in os.scandir("/dev") if e.name.startswith(GPU_PREFIXES))
    return View(binds + files, links, masks, devices)


# --- the private root, for the namespace levels ---------------------------------------------

NEWROOT = "/tmp"  # where the new root's tmpfs goes up before pivot_root (any folder would do)
MNT_DETACH = 2


def _mkpath(target: Path, is_dir: bool) -> None:
    target.parent.mkdir(parents=True, exist_ok=True, mode=0o755)
    if is_dir:
        target.mkdir(exist_ok=True, mode=0o755)
    elif not target.exists():
        target.touch(mode=0o644)


def _pivot_root() -> None:
    libc = ctypes.CDLL(None, use_errno=True)
    # pivot_root(".", "."): the old root ends up stacked under the new one, then is detached;
    # no folder for it is needed in the new root.
    if libc.syscall(155 if os.uname().machine == "x86_64" else 41, b".", b".") != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"pivot_root: {os.strerror(err)}")
    if libc.umount2(b".", MNT_DETACH) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"umount2 old root: {os.strerror(err)}")


def build_root(view: View) -> None:
    """Turn this process's file system into the view: a new mount namespace whose root is a
    tmpfs holding read-only bind mounts of the view's paths, then pivot_root into it.

    Done once, in the template every run is forked from; a run adds only its folder, its
    /dev/shm and a /proc of its pid namespace (`run_mounts`). Needs root (of a user namespace).
    """
    iso.unshare(iso.CLONE_NEWNS)
    iso.mount("none", "/", None, iso.MS_REC | iso.MS_PRIVATE)
    # Detached copies first: the new root's tmpfs may go up over a folder that holds one of them.
    clones = [(p, p.is_dir(), iso.clone_tree(p)) for p in view.binds]
    devices = [(Path(d), iso.clone_tree(Path(d))) for d in view.devices]
    iso.mount("tmpfs", NEWROOT, "tmpfs", iso.MS_NOSUID, "size=1m,mode=0755")
    new = Path(NEWROOT)
    for path, is_dir, fd in clones:
        target = new / path.relative_to("/")
        _mkpath(target, is_dir)
        iso.attach_tree(fd, target)
    for name, dest in view.links.items():
        os.symlink(dest, new / name)
    for path in view.masks:  # empty, read-only: the secrets inside an allowed package
        iso.mount("tmpfs", str(new / path.relative_to("/")), "tmpfs", iso.MS_RDONLY | iso.MS_NOSUID | iso.MS_NODEV,
                  "size=4k,mode=0555")
    dev = new / "dev"
    dev.mkdir(mode=0o755)
    for path, fd in devices:
        target = new / path.relative_to("/")
        _mkpath(target, path.is_dir())
        iso.attach_tree(fd, target)
    (dev / "shm").mkdir(mode=0o1777)
    for name, dest in (("fd", "/proc/self/fd"), ("stdin", "/proc/self/fd/0"), ("stdout", "/proc/self/fd/1"),
                       ("stderr", "/proc/self/fd/2")):
        os.symlink(dest, dev / name)
    (new / "proc").mkdir(mode=0o555)
    (new / iso.WORKDIR.lstrip("/")).mkdir(parents=True, mode=0o755)
    os.chmod(new / "tmp", 0o755)
    # A proc of our own pid namespace: a user namespace may mount a run's proc only where a
    # fully visible one is already mounted.
    iso.mount("proc", str(new / "proc"), "proc", iso.MS_NOSUID | iso.MS_NODEV | iso.MS_NOEXEC)
    os.chdir(new)
    _pivot_root()
    os.chdir("/")
    iso.read_only_everywhere()
    # The template's own scratch space (trusted warm-ups write temp files); every run covers it
    # with a fresh tmpfs of its own.
    iso.mount("tmpfs", iso.WORKDIR, "tmpfs", iso.MS_NOSUID | iso.MS_NODEV, "size=256m,mode=0700")


def run_mounts() -> str:
    """In a run's own mount namespace (a copy of the template's root): its folder, its /dev/shm
    and a /proc of its pid namespace, all fresh. Returns the run's folder."""
    iso.mount("tmpfs", iso.WORKDIR, "tmpfs", iso.MS_NOSUID | iso.MS_NODEV, "size=1g,mode=0700")
    iso.mount("tmpfs", "/dev/shm", "tmpfs", iso.MS_NOSUID | iso.MS_NODEV, "size=1g,mode=1777")
    iso.mount("proc", "/proc", "proc", iso.MS_NOSUID | iso.MS_NODEV | iso.MS_NOEXEC)
    return iso.WORKDIR


# --- the same view as Landlock rules, for the fallback ---------------------------------------

def readable(view: View) -> list[str]:
    """The view as paths Landlock may grant read access beneath: every bind, except that a bind
    holding a masked folder is granted entry by entry around it."""
    out: list[str] = []
    masks = set(view.masks)
    for b in view.binds:
        inside = [m for m in masks if b in m.parents]
        out += _around(b, set(inside)) if inside else [str(b)]
    return sorted(set(out))


def _around(top: Path, deny: set[Path]) -> list[str]:
    """Every entry under `top` that holds no denied folder, walking down only into ancestors of
    denied folders (which themselves get no rule)."""
    out: list[str] = []
    try:
        entries = list(os.scandir(top))
    except OSError:
        return out
    for e in entries:
        real = Path(os.path.realpath(e.path))
        if real in deny or any(d in real.parents for d in deny):
            continue  # denied, or a link into a denied folder
        if any(real in d.parents for d in deny):
            if real == Path(e.path):  # not a link: walk down (a link to an ancestor is left out)
                out += _around(real, deny)
            continue
        out.append(e.path)
    return out
