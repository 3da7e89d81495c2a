"""Judging a typed `output` answer by meaning, line by line. Pure functions: no I/O, no torch.

A line is cut into tokens: numbers, the brackets and commas, and words (every other run of
non-space characters). Runs of spaces (padding, indentation) fall away, numbers compare by value
as printed (`10.` = `10.0` = `10`, `1e-3` = `0.001`; a printed `-0.` keeps its sign), everything
else compares exactly: a grad_fn, a dtype, a device or True/False decide the answer. Blank lines
are left out on both sides: in the quiz an empty line ends the answer, so none can be typed.
`match: exact` questions compare the text itself (trailing spaces forgiven), for when layout is
the point.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

# A number stands alone: not glued to the end of a name (`float16`, `MulBackward0`) nor to a dot.
_NUM = r"(?<![\w.])[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?(?![\w.])"
_PUNCT = r"[()\[\]{},]"
_TOKEN = re.compile(rf"(?P<num>{_NUM})|(?P<punct>{_PUNCT})|(?P<word>(?:(?!{_NUM})[^\s()\[\]{{}},])+)")

Token = tuple[str, object]


def tokens(line: str) -> list[Token]:
    out: list[Token] = []
    for m in _TOKEN.finditer(line):
        if m.group("num") is not None:
            text = m.group("num")
            try:
                value = Decimal(text)
            except InvalidOperation:  # pragma: no cover - the pattern only admits numbers
                out.append(("word", text))
                continue
            out.append(("num", (value, value.is_signed() and value == 0)))
        else:
            out.append(("text", m.group(0)))
    return out


@dataclass(frozen=True)
class LineResult:
    yours: str | None  # None: a line missing from your answer
    expected: str | None  # None: an extra line in your answer
    ok: bool


@dataclass(frozen=True)
class OutputJudgement:
    correct: bool
    lines: tuple[LineResult, ...]

    @property
    def right(self) -> int:
        return sum(ln.ok for ln in self.lines if ln.expected is not None)

    @property
    def total(self) -> int:
        return sum(1 for ln in self.lines if ln.expected is not None)


def _lines(text: str, exact: bool) -> list[str]:
    lines = [ln.rstrip() for ln in text.replace("\r\n", "\n").split("\n")]
    if exact:
        while lines and not lines[-1]:
            lines.pop()
        return lines
    return [ln for ln in lines if ln.strip()]


def same_line(yours: str, expected: str) -> bool:
    return tokens(yours) == tokens(expected)


def judge_output(given: str, expected: str, exact: bool = False) -> OutputJudgement:
    mine, key = _lines(given, exact), _lines(expected, exact)
    results = []
    for i in range(max(len(mine), len(key))):
        y = mine[i] if i < len(mine) else None
        e = key[i] if i < len(key) else None
        ok = y is not None and e is not None and (y == e if exact else same_line(y, e))
        results.append(LineResult(y, e, ok))
    return OutputJudgement(all(r.ok for r in results), tuple(results))
