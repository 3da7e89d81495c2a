"""Reading a solution file someone handed in: a regular file of its own, never a link.

A submission is other people's input, and reading it runs with the grader's rights. A symbolic
link in an upload (`solution.py -> reference_impls/.../reference.py`, or a link to a 0600 file)
once made the grader read a file the submitter could not: a reference was graded as their own work,
and a private file's bytes came back in the error message. So every file and folder of an upload is
opened relative to the folder above it with O_NOFOLLOW (a link anywhere on the way is refused, and
nothing can be swapped for one between a check and the open); only a regular file is read (a fifo
would block the grader, a device would read forever); a file with a second hard link is refused (a
hard link to a private file is a link too, and O_NOFOLLOW cannot see it). Nothing read here leaves
the upload folder.

An error message never quotes a file's bytes, and for a file the caller does not own it says only
that the file is refused: the reason itself could tell something about another user's file.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

MAX_BYTES = 1 << 20  # a solution file is source code: past 1 MiB it is not one
_DIR = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
_FILE = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC


class Refused(Exception):
    """One line saying why an upload is not read; `missing` when there is nothing at the path."""

    def __init__(self, message: str, missing: bool = False):
        super().__init__(message)
        self.missing = missing


@dataclass(frozen=True)
class Entry:
    """One entry of an upload folder, classified without following links."""

    rel: str  # the path below the folder walked, with "/" between parts
    kind: str  # "file", "dir", "link" or "special"


def _why(mode: int) -> str:
    if stat.S_ISLNK(mode):
        return "a symbolic link (an upload must be a regular file)"
    return "not a regular file (a fifo, socket or device)"


def _refused(name: str, owned: bool, why: str) -> Refused:
    return Refused(f"{name}: refused" + (f": {why}" if owned else " (not a file of yours)"))


def _open_dir(path: Path) -> int:
    try:
        return os.open(path, _DIR)
    except FileNotFoundError:
        raise Refused(f"{path}: not found", missing=True) from None
    except OSError as e:  # ELOOP / ENOTDIR: the folder itself is a link or not a folder
        try:
            mode = os.lstat(path).st_mode
        except OSError:
            mode = 0
        if stat.S_ISLNK(mode):
            raise Refused(f"{path}: refused: a symbolic link (an upload folder must be a folder)") from None
        raise Refused(f"cannot open {path}: {e.strerror or e}") from None


def _read_at(dir_fd: int, parts: list[str], shown: str) -> str:
    """The text of the file at `parts` below `dir_fd`, every part opened without following links."""
    fds: list[int] = []
    try:
        fd = dir_fd
        for part in parts[:-1]:
            try:
                fd = os.open(part, _DIR, dir_fd=fd)
            except OSError as e:
                raise _refused(shown, True, f"{part} is a symbolic link or not a folder ({e.strerror or e})") from None
            fds.append(fd)
        try:
            f = os.open(parts[-1], _FILE, dir_fd=fd)
        except FileNotFoundError:
            raise Refused(f"{shown}: not found", missing=True) from None
        except OSError as e:
            try:
                st = os.stat(parts[-1], dir_fd=fd, follow_symlinks=False)
            except OSError:
                raise Refused(f"cannot read {shown}: {e.strerror or e}") from None
            owned = st.st_uid == os.geteuid()
            if stat.S_ISLNK(st.st_mode):
                raise _refused(shown, owned, _why(st.st_mode)) from None
            raise (_refused(shown, owned, e.strerror or str(e)) if not owned
                   else Refused(f"cannot read {shown}: {e.strerror or e}")) from None
        fds.append(f)
        st = os.fstat(f)
        owned = st.st_uid == os.geteuid()
        if stat.S_ISDIR(st.st_mode):
            raise Refused(f"{shown} is a folder, not a file", missing=True)
        if not stat.S_ISREG(st.st_mode):
            raise _refused(shown, owned, _why(st.st_mode))
        if st.st_nlink != 1:
            raise _refused(shown, owned, f"the file has {st.st_nlink} hard links (an upload must be a file of "
                                         "its own, not a link to another)")
        if st.st_size > MAX_BYTES:
            raise _refused(shown, owned, f"{st.st_size} bytes, more than a solution file's {MAX_BYTES}")
        chunks, size = [], 0
        while size <= MAX_BYTES and (chunk := os.read(f, MAX_BYTES + 1 - size)):
            chunks.append(chunk)
            size += len(chunk)
        data = b"".join(chunks)
        if len(data) > MAX_BYTES:
            raise _refused(shown, owned, f"more than a solution file's {MAX_BYTES} bytes")
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:  # its message quotes a byte of the file: never shown
            raise _refused(shown, owned, "not UTF-8 text") from None
    finally:
        for fd in reversed(fds):
            os.close(fd)


def read_solution(path: Path) -> str:
    """`dlprep submit`'s (and a quiz's) solution file: its folder is the upload folder."""
    dir_fd = _open_dir(path.parent if str(path.parent) else Path("."))
    try:
        return _read_at(dir_fd, [path.name], str(path))
    finally:
        os.close(dir_fd)


def solution_source(path: Path) -> str:
    """read_solution for a command: nothing at the path is NotFound, any other refusal a UsageError."""
    from dlprep.errors import NotFound, UsageError

    try:
        return read_solution(path)
    except Refused as e:
        if e.missing:
            raise NotFound(f"solution file not found: {path}") from None
        raise UsageError(str(e)) from None


def read_below(folder: Path, rel: str) -> str:
    """The file at `rel` (parts joined by "/") inside `folder`, nothing on the way followed."""
    dir_fd = _open_dir(folder)
    try:
        return _read_at(dir_fd, rel.split("/"), f"{folder.name}/{rel}" if rel else folder.name)
    finally:
        os.close(dir_fd)


def entries(folder: Path, recursive: bool = False) -> Iterator[Entry]:
    """The entries of `folder` (and, recursively, of its real subfolders), sorted by name, each
    classified by lstat: a link to a folder is a "link", never walked into."""
    dir_fd = _open_dir(folder)
    try:
        yield from _entries(dir_fd, "", recursive)
    finally:
        os.close(dir_fd)


def _entries(dir_fd: int, prefix: str, recursive: bool) -> Iterator[Entry]:
    with os.scandir(dir_fd) as it:
        found = sorted(it, key=lambda e: e.name)
    for e in found:
        rel = prefix + e.name
        mode = e.stat(follow_symlinks=False).st_mode
        kind = ("link" if stat.S_ISLNK(mode) else "dir" if stat.S_ISDIR(mode)
                else "file" if stat.S_ISREG(mode) else "special")
        yield Entry(rel, kind)
        if kind == "dir" and recursive:
            try:
                sub = os.open(e.name, _DIR, dir_fd=dir_fd)
            except OSError:  # swapped for a link since the scan, or unreadable: nothing below it is walked
                continue
            try:
                yield from _entries(sub, rel + "/", recursive)
            finally:
                os.close(sub)
