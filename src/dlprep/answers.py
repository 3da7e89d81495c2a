"""Judging a typed answer against a question's key. Pure functions: no I/O, no torch."""

from __future__ import annotations

import re
import unicodedata

from dlprep.models import ChoiceQuestion, ShortMatch, ShortQuestion, TrueFalseQuestion

_TRUE = {"t", "true", "y", "yes", "1", "对", "是", "正确", "√"}
_FALSE = {"f", "false", "n", "no", "0", "错", "否", "错误", "×"}


def normalise(text: str, case_sensitive: bool = False) -> str:
    """NFKC (full-width -> ASCII), fold case, collapse runs of white space."""
    t = unicodedata.normalize("NFKC", text).strip()
    if not case_sensitive:
        t = t.casefold()
    return re.sub(r"\s+", " ", t)


def parse_bool(text: str) -> bool | None:
    t = normalise(text)
    if t in _TRUE:
        return True
    if t in _FALSE:
        return False
    return None


def parse_letters(text: str) -> list[str]:
    """'b', 'a c', 'a,c', 'AC' -> sorted unique letters."""
    t = normalise(text)
    return sorted(set(re.findall(r"[a-z]", t)))


def judge_choice(q: ChoiceQuestion, given: list[str]) -> bool:
    return sorted(set(given)) == sorted(q.answer)


def judge_true_false(q: TrueFalseQuestion, given: bool) -> bool:
    return given == q.answer


def _number(text: str) -> float | None:
    try:
        return float(text.replace("_", ""))
    except ValueError:
        return None


def _sequence(text: str) -> list[str]:
    """'(4, 1)', '[4,1]', 'torch.Size([4, 1])', '4 1' -> ['4', '1']: compared structurally."""
    t = re.sub(r"^(torch\.size|size)\s*", "", text)
    t = t.strip("()[] ")
    return [tok for tok in re.split(r"[\s,()\[\]]+", t) if tok]


def matches(given: str, accepted: str, how: ShortMatch) -> bool:
    g, a = normalise(given, how.case_sensitive), normalise(accepted, how.case_sensitive)
    if how.kind == "regex":
        flags = 0 if how.case_sensitive else re.IGNORECASE
        return re.fullmatch(accepted, normalise(given, True), flags) is not None
    if how.kind == "number":
        gn, an = _number(g), _number(a)
        return gn is not None and an is not None and abs(gn - an) <= how.tolerance
    if how.kind == "sequence":
        gs, as_ = _sequence(g), _sequence(a)
        if len(gs) != len(as_):
            return False
        for x, y in zip(gs, as_, strict=True):
            xn, yn = _number(x), _number(y)
            if xn is not None and yn is not None:
                if abs(xn - yn) > how.tolerance:
                    return False
            elif x != y:
                return False
        return True
    return g == a


def judge_short(q: ShortQuestion, given: str) -> bool:
    return any(matches(given, a, q.match) for a in q.answers)


def same_output(actual: str, expected: str) -> bool:
    """Exact text, except trailing white space at line ends and at the very end."""
    return _canon(actual) == _canon(expected)


def _canon(text: str) -> list[str]:
    lines = [ln.rstrip() for ln in text.replace("\r\n", "\n").split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    return lines
