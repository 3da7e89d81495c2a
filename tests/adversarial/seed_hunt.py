# Hunts for the batch's hidden-case seed wherever a run could find it: its argv and environment,
# every /proc/PID/cmdline and environ it may read, the harness's job on the stack, its working
# folder, /tmp and the batch journal (JOURNAL). It knows only the seed's SHA-256 (SEED_SHA256),
# hashes every run of digits it finds and fails loudly when one matches. The hunt runs once per
# process (the answer cannot change between calls, and hunting on every hidden case made a loaded
# CI machine hit the run's time limit).
import hashlib
import os
import re
import sys

WANT = "SEED_SHA256"
DIGITS = re.compile(rb"\d{4,}")


def _hit(blob):
    return any(hashlib.sha256(m).hexdigest() == WANT for m in DIGITS.findall(blob))


def _read(path):
    try:
        with open(path, "rb") as f:
            return f.read(1 << 20)
    except OSError:
        return b""


def _where():
    if _hit(" ".join(sys.argv).encode()) or _hit(repr(dict(os.environ)).encode()):
        return "argv or environment"
    for pid in [p for p in os.listdir("/proc") if p.isdigit()]:
        for what in ("cmdline", "environ"):
            if _hit(_read(f"/proc/{pid}/{what}")):
                return f"/proc/{pid}/{what}"
    frame = sys._getframe(1)
    while frame is not None:
        if _hit(repr(frame.f_locals).encode("utf-8", "replace")):
            return f"the stack ({frame.f_code.co_name})"
        frame = frame.f_back
    for folder in (".", "/tmp", os.path.dirname("JOURNAL")):
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        for name in names:
            if _hit(_read(os.path.join(folder, name))):
                return os.path.join(folder, name)
    if _hit(_read("JOURNAL")):
        return "the journal"
    return None


_FOUND = []


def solve(a, b):
    if not _FOUND:
        _FOUND.append(_where())
    found = _FOUND[0]
    if found:
        raise RuntimeError(f"SEED FOUND in {found}")
    return (a.unsqueeze(-1) * b.unsqueeze(-3)).sum(dim=-2, dtype=a.dtype)
