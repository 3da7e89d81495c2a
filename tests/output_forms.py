"""What a person types for an `output` key: the same printed text with other spacing and other
number formatting (`respaced`), and a near miss with one token changed (`one_token_changed`)."""

from __future__ import annotations

import random
from decimal import Decimal

from dlprep.outputs import _TOKEN


def _reformat(num: str) -> str:
    """The same value written another way: 10. -> 10.0, 0.5000 -> 0.5, 4 -> 4.0, 1e-3 -> 0.001."""
    if "e" in num.lower():
        return format(Decimal(num), "f")
    if num.endswith("."):
        return num + "0"
    if "." in num:
        stripped = num.rstrip("0")
        return stripped + "0" if stripped.endswith(".") else stripped
    return num + ".0"


def _respace_line(line: str) -> str:
    out, end = [], 0
    for m in _TOKEN.finditer(line):
        if m.start() > end and out:
            out.append(" ")  # a run of padding typed as one space
        out.append(_reformat(m.group(0)) if m.group("num") else m.group(0))
        end = m.end()
    return "".join(out)


def respaced(expected: str) -> str:
    return "\n".join(_respace_line(ln) for ln in expected.splitlines() if ln.strip())


def one_token_changed(expected: str, seed: int) -> str:
    """The key (respaced) with one number or word changed; lines otherwise right."""
    lines = respaced(expected).split("\n")
    spots = [(i, m) for i, ln in enumerate(lines) for m in _TOKEN.finditer(ln) if m.group("num") or m.group("word")]
    i, m = random.Random(seed).choice(spots)
    tok = m.group(0)
    new = str(Decimal(tok) + 1) if m.group("num") else tok + "x"
    lines[i] = lines[i][: m.start()] + new + lines[i][m.end():]
    return "\n".join(lines)
