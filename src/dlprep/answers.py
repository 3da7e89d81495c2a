"""Judging a typed choice, true/false or short answer against a question's key. Pure functions:
no I/O, no torch (short answers that are code are run by dlprep.code_judge instead).

A short answer is compared with each accepted form as a list of tokens, not as a string, so that
what a person types for the same answer compares equal:
- width, case and spaces fold (NFKC, casefold), quote styles and backticks fall away;
- numbers compare by value: `1,000,000` = `1_000_000` = `1e6` = `10^6` = `one million` = `一百万`,
  `three` = `三` = `3`, `20%` = `0.2`, `1/5` = `0.2`;
- articles and filler words (`a`, `the`, `about`, `~`, `一个`, `约`, `左右`) fall away, and so
  do up to three words right next to a number that the key does not use (a unit or a label:
  `4 bytes`, `offset 1`, `20个`);
- `and`, `;`, `和` separate parts like a comma, so compound answers compare part by part; in a
  sequence answer brackets and separators are notation (`torch.Size([4, 1])` = `4x1` = `(4, 1)`)
  and booleans may be written t/f.
"""

from __future__ import annotations

import re
import unicodedata
from decimal import Decimal

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


# ---------------------------------------------------------------- numbers in words

_EN_UNITS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen".split())}
_EN_TENS = {w: 10 * (i + 2) for i, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split())}
_EN_SCALES = {"hundred": 100, "thousand": 10**3, "million": 10**6, "billion": 10**9, "trillion": 10**12}
_ZH_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4,
              "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_ZH_SMALL = {"十": 10, "百": 100, "千": 1000}
_ZH_BIG = {"万": 10**4, "亿": 10**8}
_ZH_NUMERALS = "".join([*_ZH_DIGITS, *_ZH_SMALL, *_ZH_BIG])


def _zh_number(text: str) -> int | None:
    """三 -> 3, 十二 -> 12, 二十五 -> 25, 一百万 -> 1000000, 两千 -> 2000."""
    total, section, digit = 0, 0, None
    for ch in text:
        if ch in _ZH_DIGITS:
            digit = _ZH_DIGITS[ch]
        elif ch in _ZH_SMALL:
            section += (1 if digit is None else digit) * _ZH_SMALL[ch]
            digit = None
        elif ch in _ZH_BIG:
            section += digit or 0
            total = (total + (section or 1)) * _ZH_BIG[ch]
            section, digit = 0, None
        else:
            return None
    return total + section + (digit or 0)


# ---------------------------------------------------------------- tokens

_FILLERS = {"a", "an", "the", "about", "around", "approximately", "approx", "approx.", "roughly", "circa",
            "~", "≈", "约", "大约", "大概", "约为", "左右", "一个", "是", "答案是", "答案"}
_SEPARATORS = {",", ";", "and", "和", "与", "及", "、", "/"}
_QUOTES = str.maketrans("", "", "'\"`“”‘’「」『』")
_BRACKETS = {"(": "(", "[": "(", "{": "(", ")": ")", "]": ")", "}": ")"}
_CJK = r"\u3400-\u9fff\u3000-\u303f"
_PIECE = re.compile(rf"[{_CJK}]+|[()\[\]{{}},;]|[^\s(){{}}\[\],;{_CJK}]+")

Tok = tuple[str, object]  # ("num", Decimal) | ("word", str) | ("sep", ",") | ("open"/"close", "(")
_GROUPED = re.compile(r"(?<![\d.])\d{1,3}(?:,\d{3})+(?!\d)")  # 1,000,000


def _as_number(piece: str) -> tuple[Decimal, str] | None:
    """(value, the rest of the piece) when the piece starts with a number: `16gb` -> (16, 'gb')."""
    m = re.fullmatch(r"(\d+)\^(\d+)(.*)", piece)  # 10^6
    if m and int(m.group(2)) <= 64:  # bounded: 10^999999 would take seconds to compute
        return Decimal(int(m.group(1)) ** int(m.group(2))), m.group(3)
    m = re.fullmatch(r"([-+]?\d+)/(\d+)(.*)", piece)  # 1/5
    if m and int(m.group(2)):
        return Decimal(int(m.group(1))) / Decimal(int(m.group(2))), m.group(3)
    m = re.match(r"[-+]?(?:\d+(?:_\d+)*(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?", piece, re.IGNORECASE)
    if not m:
        return None
    value, rest = Decimal(m.group(0).replace("_", "")), piece[m.end():]
    if rest.startswith("%"):
        value, rest = value / 100, rest[1:]
    return value, rest


def _pieces(text: str) -> list[str]:
    out = []
    for p in _PIECE.findall(text):
        if not re.match(rf"[{_CJK}]", p):
            out.append(p)
            continue
        # Chinese has no spaces: peel fillers, numerals and a measure word off a run of characters.
        for f in sorted((f for f in _FILLERS if re.match(rf"[{_CJK}]", f)), key=len, reverse=True):
            if p.startswith(f) and len(p) > len(f):
                out.append(f)
                p = p[len(f):]
                break
        m = re.match(rf"[{_ZH_NUMERALS}]+", p)
        if m and m.end() < len(p) and _zh_number(m.group(0)) is not None:
            out.append(m.group(0))
            p = p[m.end():]
        for f in ("左右", "个"):
            if p.endswith(f) and len(p) > len(f):
                out.extend([p[: -len(f)], f])
                break
        else:
            out.append(p)
    return out


def _word_number(p: str) -> tuple[str, Decimal] | None:
    """("wnum", value) for a number written as a word, ("scale", value) for million, 万 and such."""
    if p in _EN_SCALES:
        return "scale", Decimal(_EN_SCALES[p])
    if p in _ZH_BIG:
        return "scale", Decimal(_ZH_BIG[p])
    if p in _EN_UNITS or p in _EN_TENS:
        return "wnum", Decimal(_EN_UNITS.get(p, _EN_TENS.get(p, 0)))
    if "-" in p and all(w in _EN_UNITS or w in _EN_TENS for w in p.split("-")):  # twenty-five
        return "wnum", Decimal(sum(_EN_UNITS.get(w, _EN_TENS.get(w, 0)) for w in p.split("-")))
    if re.fullmatch(rf"[{_ZH_NUMERALS}]+", p) and (z := _zh_number(p)) is not None:
        return "wnum", Decimal(z)
    return None


def tokens(text: str, case_sensitive: bool = False, group_commas: bool = True) -> list[Tok]:
    t = unicodedata.normalize("NFKC", text)
    if not case_sensitive:
        t = t.casefold()
    t = re.sub(r"[~≈]", " ", t.translate(_QUOTES))  # ~20: "about" glued to its number
    t = t.replace("、", ",").replace("。", " ")  # Chinese list comma and full stop
    t = re.sub(r"(?<=\d)\s*[x×]\s*(?=\d)", ", ", t)  # a shape written 4x1 or 4 × 1
    t = re.sub(r"(?<=\d)\s+%", "%", t)  # 20 %
    t = re.sub(r"\s*([=:])\s*", r" \1 ", t)  # world_size=32, backend = "eager": `=` is its own token
    if group_commas:  # 1,000,000 is one number (matches() also tries the reading without this)
        t = _GROUPED.sub(lambda m: m.group(0).replace(",", ""), t)
    # ASCII next to Chinese is two pieces: 约20个 -> 约 20 个
    t = re.sub(rf"(?<=[{_CJK}])(?=[^\s{_CJK}])|(?<=[^\s{_CJK}])(?=[{_CJK}])", " ", t)
    out: list[tuple[str, object]] = []
    for p in _pieces(t):
        if p in _BRACKETS:
            out.append(("open" if _BRACKETS[p] == "(" else "close", _BRACKETS[p]))
        elif p in _SEPARATORS:
            out.append(("sep", ","))
        elif p in _FILLERS:
            continue
        elif (n := _as_number(p)) is not None:
            out.append(("num", n[0]))
            if n[1]:
                out.append(("word", n[1]))
        elif (w := _word_number(p)) is not None:
            out.append(w)
        else:
            out.append(("word", p))
    return _merge_numbers(out)


def _merge_numbers(toks: list[tuple[str, object]]) -> list[Tok]:
    """`twenty five` -> 25, `two hundred fifty-six` -> 256, `one million` / `1 million` / `100万` ->
    1000000; a lone `million` is 10^6."""
    out: list[list[object]] = []
    for kind, v in toks:
        prev = out[-1] if out else None
        if kind == "scale" and prev is not None and prev[0] in ("num", "wnum"):
            prev[1] = prev[1] * v  # type: ignore[operator]
            continue
        if kind == "wnum" and prev is not None and prev[0] == "wnum" and _adds(prev[1], v):  # type: ignore[arg-type]
            prev[1] = prev[1] + v  # type: ignore[operator]
            continue
        out.append([kind, v])
    return [("num" if k in ("wnum", "scale") else str(k), v) for k, v in out]


def _adds(big: Decimal, small: object) -> bool:
    """`twenty` `five`, `two hundred` `fifty-six`: the second fills the zeros of the first."""
    assert isinstance(small, Decimal)
    return 0 < small < big and big % (10 ** len(str(int(small)))) == 0


_NEGATIONS = {"not", "no", "never", "isn't", "不", "不是", "没有"}


def _drop_labels(toks: list[Tok], keep: set[object]) -> list[Tok]:
    """Up to three words right next to a number that the key does not use are a unit or a label
    (`4 bytes`, `offset 1`, `8 program instances`): drop them. A negation is never a label."""
    out: list[Tok] = []
    i = 0
    while i < len(toks):
        j = i
        while j < len(toks) and toks[j][0] == "word" and toks[j][1] not in keep and toks[j][1] not in _NEGATIONS:
            j += 1
        if j > i:
            near_number = (i > 0 and toks[i - 1][0] == "num") or (j < len(toks) and toks[j][0] == "num")
            if not (near_number and j - i <= 3):
                out.extend(toks[i:j])
            i = j
            continue
        out.append(toks[i])
        i += 1
    return out


def _same(g: list[Tok], a: list[Tok], tolerance: float) -> bool:
    if len(g) != len(a):
        return False
    for (gk, gv), (ak, av) in zip(g, a, strict=True):
        if gk != ak:
            return False
        if gk == "num":
            assert isinstance(gv, Decimal) and isinstance(av, Decimal)
            if abs(gv - av) > Decimal(str(tolerance)):
                return False
        elif gv != av:
            return False
    return True


_BOOLS = {"true": "true", "t": "true", "yes": "true", "对": "true", "是": "true",
          "false": "false", "f": "false", "no": "false", "错": "false", "否": "false"}


def _shape(toks: list[Tok], how: ShortMatch) -> list[Tok]:
    if how.kind in ("sequence", "number"):
        # Values only: brackets, separators and `=` are notation (`(4, 1)` = `[4,1]` = `4 1`), and
        # a list of booleans may be written t/f.
        return [("word", _BOOLS.get(str(v), v)) if k == "word" else (k, v) for k, v in toks
                if k in ("num", "word") and v not in ("torch.size", "size", "=", ":")]
    # A trailing or doubled separator says nothing.
    return [t for i, t in enumerate(toks)
            if not (t[0] == "sep" and (i + 1 == len(toks) or toks[i + 1][0] == "sep"))]


def matches(given: str, accepted: str, how: ShortMatch) -> bool:
    if how.kind == "regex":
        flags = 0 if how.case_sensitive else re.IGNORECASE
        return re.fullmatch(accepted, normalise(given, True), flags) is not None
    if normalise(given, how.case_sensitive) == normalise(accepted, how.case_sensitive):
        return True
    key = _shape(tokens(accepted, how.case_sensitive), how)
    if not key:
        return False
    keep = {v for k, v in key if k == "word"}
    for group in (True, False):  # `(4,100)` may be a pair or 4100: either reading may be meant
        mine = _drop_labels(_shape(tokens(given, how.case_sensitive, group), how), keep)
        if mine[:1] == [("num", 1)] and len(mine) > 1 and not any(k == "num" for k, _ in key):
            mine = mine[1:]  # `one thread block`: an article when the key has no number
        if _same(mine, key, how.tolerance):
            return True
    return False


def judge_short(q: ShortQuestion, given: str) -> bool:
    return any(matches(given, a, q.match) for a in q.answers)


def same_output(actual: str, expected: str) -> bool:
    """Exact text, except trailing white space at line ends and at the very end (verify's test)."""
    return _canon(actual) == _canon(expected)


def _canon(text: str) -> list[str]:
    lines = [ln.rstrip() for ln in text.replace("\r\n", "\n").split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    return lines
