"""`dlprep lint`'s content rules and reports, over a loaded catalog (the schema is bank.py's job).

Rules (each problem is one line: `file:line:col: [id] field: what - fix`):
- zh-space: a space left between two Chinese characters (or beside full-width punctuation) after
  folded lines were joined at load, i.e. one typed on purpose;
- source: text that cites the seed notes (the user never sees them; say "a common claim" / 常见说法);
- zh/en: the two languages disagree on the numbers, the inline code spans, the fenced code blocks
  (comments aside), or how many options the prompt says to pick (or that count disagrees with the key);
- coach: every exercise a coding question names has a valid coach.yaml (dlprep.coach), whose hints
  and worked solution follow the same text rules;
- spot-bug zh: every mutant and wrong answer of those exercises (the spot-the-bug cards) has a
  Chinese description (`# zh: ` header lines) that follows the same text rules against its English one.

Reports (measured over all banks, shown per bank too):
- longest-option tells: choice questions whose longest options, as many as the key has, are the
  key (target: at most a third) - a candidate who always picks the longest would pass them;
- true share of true/false keys (target 40-60%) - always answering the majority would pass;
- near-duplicate questions (token Jaccard of prompt + code + options): printed as warnings.
"""

from __future__ import annotations

import io
import itertools
import re
import tokenize
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dlprep import cjk, coach, mutants, paths
from dlprep.bank import Catalog, LoadedQuestion, _display, locate
from dlprep.checkers import contract
from dlprep.errors import CoachError, DlprepError
from dlprep.models import ChoiceQuestion, CodingQuestion, OutputQuestion, ShortQuestion, TrueFalseQuestion, fill

# Flip to True once the bank review has merged and the banks meet the targets: `dlprep lint` then
# fails on the longest-option and true/false targets by default (`--strict` enforces them either
# way), and tests/test_lint.py checks that the real banks pass every rule and target.
ENFORCE = True
# A share over a handful of questions says nothing about tells: by default the targets hold only for
# a set of banks with at least this many choice and true/false questions (`--strict`: always).
MIN_SAMPLE = 20
LONGEST_MAX = 1 / 3
TRUE_SHARE = (0.40, 0.60)
NEAR_DUPLICATE = 0.7  # token Jaccard at or above which two questions are reported

# --- rules ---------------------------------------------------------------------------------------

_EN_VERBS = (
    "says|said|states|stated|writes|wrote|claims|claimed|describes|described|calls|called|suggests|suggested|"
    "recommends|recommended|quotes|quoted|lists|listed|reproduces|presents|dates|shows|showed|mentions|"
    "mentioned|argues|explains|puts|also|example|examples"
)
EN_SOURCE = re.compile(
    rf"\bseed (?:notes?|material|text|docs?|documents?|files?|source)\b|\binterview notes?\b"
    rf"|\bthe seeds?['’]s?\s+(?!value|of\b)"
    rf"|\b(?:the|a|our|this|that) seeds? (?:{_EN_VERBS})\b"
    rf"|\bas (?:the|a) seeds? (?:does|do|did|puts it)\b"
    rf"|\b(?:in|from|per) the seeds?(?! value)\b",
    re.IGNORECASE,
)
ZH_SOURCE = re.compile(r"种子(?:资料|笔记|材料|文档|文本|原文|中|里|说|称|写)|笔记(?!本)")

_CODE = re.compile(r"`([^`]+)`")
_URL = re.compile(r"https?://\S+")
# A number standing on its own: not part of an identifier such as fp16, H100 or x86.
_NUMBER = re.compile(r"(?<![A-Za-z0-9_.])\d+(?:\.\d+)*")
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")
_EN_COUNT = re.compile(r"\b(?:which|pick|choose|select|mark)\s+(two|three|four|five)\b", re.IGNORECASE)
_ZH_COUNT = re.compile(r"(?:哪|选出?|挑出?)(两|二|三|四|五)(?:个|项|种|条|处|句)")
_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5}


# Small numbers are often spelled out in one language and written in digits in the other ("three
# epochs" / "3 个 epoch", "2-D" / "二维"): a number missing in digits is fine if the other text
# spells it. Larger numbers have to be digits in both.
_EN_SPELLED = ["zero|zeros|zeroth", "one|first|single|once", "two|second|twice|both|pair|double", "three|third",
               "four|fourth", "five|fifth", "six|sixth", "seven|seventh", "eight|eighth", "nine|ninth",
               "ten|tenth", "eleven", "twelve|dozen"]
_MONTHS = "january february march april may june july august september october november december".split()
_EN_WORD = [re.compile(rf"\b(?:{w}{'|' + _MONTHS[n - 1] if n else ''})\b", re.IGNORECASE)
            for n, w in enumerate(_EN_SPELLED)]
_ZH_WORD = [re.compile(w) for w in ("零", "一|单|首", "二|两|双|俩", "三", "四", "五", "六", "七", "八", "九",
                                    "十", "十一", "十二")]


def _spelled(n: str, text: str, words: list[re.Pattern[str]]) -> bool:
    return n.isdigit() and int(n) < len(words) and words[int(n)].search(text) is not None


def number_mismatch(en: str, zh: str) -> tuple[set[str], set[str]]:
    """Numbers only the English text has, and numbers only the Chinese text has."""
    en_n, zh_n = numbers(en), numbers(zh)
    return ({n for n in en_n - zh_n if not _spelled(n, zh, _ZH_WORD)},
            {n for n in zh_n - en_n if not _spelled(n, en, _EN_WORD)})


def code_spans(text: str) -> set[str]:
    return {m.strip() for m in _CODE.findall(text)}


def numbers(text: str) -> set[str]:
    """The numbers written in digits, outside code spans and links."""
    prose = _THOUSANDS.sub("", _URL.sub(" ", _CODE.sub(" ", text)))
    return set(_NUMBER.findall(prose))


def _texts(q: Any) -> Iterator[tuple[tuple[str | int, ...], Any]]:
    """Every bilingual text of a question with its path in the YAML (for the line number)."""
    for name in ("prompt", "explanation", "misconception", "model_answer"):
        t = getattr(q, name, None)
        if t is not None:
            yield (name,), t
    for i, t in enumerate(getattr(q, "rubric", None) or []):
        yield ("rubric", i), t
    for i, c in enumerate(getattr(q, "choices", None) or []):
        yield ("choices", i), c


def _show(s: str) -> str:
    return repr(s if len(s) <= 40 else s[:37] + "...")


_FENCE = coach.FENCE


def _without_comments(code: str) -> list[tuple[int, str]]:
    """Python code as its tokens, comments and layout left out (a translated comment is no change);
    text that is not Python is compared line by line."""
    try:
        return [(t.type, t.string) for t in tokenize.generate_tokens(io.StringIO(code).readline)
                if t.type not in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE)]
    except (tokenize.TokenError, SyntaxError):
        return [(0, ln.rstrip()) for ln in code.splitlines()]


def text_problems(en: str, zh: str) -> list[tuple[tuple[str, ...], str]]:
    """The text rules over one bilingual text: (`("zh",)`, `("en",)` or `()`, what is wrong - fix).
    Fenced code blocks are code: the same in both languages (comments may be translated) and left
    out of the prose rules."""
    out: list[tuple[tuple[str, ...], str]] = []
    en_blocks, zh_blocks = _FENCE.findall(en), _FENCE.findall(zh)
    if len(en_blocks) != len(zh_blocks):
        out.append(((), f"code blocks differ: en has {len(en_blocks)}, zh has {len(zh_blocks)} - "
                        "show the same code in both"))
    else:
        for i, (a, b) in enumerate(zip(en_blocks, zh_blocks, strict=True)):
            if _without_comments(a) != _without_comments(b):
                out.append(((), f"code block {i + 1} differs between en and zh (beyond comments) - "
                                "show the same code in both"))
    en, zh = _FENCE.sub("\n", en), _FENCE.sub("\n", zh)
    code = [m.span() for m in _CODE.finditer(zh)]
    for space in cjk.BAD_SPACE.finditer(zh):
        at = space.start() + 1  # every match is one character, the spaces, one character
        if not any(a <= at < b for a, b in code):  # inside a code span the text is code, as written
            out.append((("zh",), f"space inside Chinese text at {_show(space.group())} - remove it"))
    for lang, text in (("en", en), ("zh", zh)):
        # English text may not cite the notes in Chinese either
        cite = (EN_SOURCE.search(text) or ZH_SOURCE.search(text)) if lang == "en" else ZH_SOURCE.search(text)
        if cite:
            out.append(((lang,), f"cites the seed notes ({_show(cite.group())}), which the user never sees - "
                                 "speak of a common claim (常见说法)"))
    only_en, only_zh = number_mismatch(en, zh)
    if only_en or only_zh:
        out.append(((), f"numbers differ: en has {_listing(only_en)}, zh has {_listing(only_zh)} - "
                        "write the same numbers in both"))
    en_c, zh_c = code_spans(en), code_spans(zh)
    if en_c != zh_c:
        out.append(((), f"code spans differ: en has {_listing(en_c - zh_c)}, zh has {_listing(zh_c - en_c)} - "
                        "quote the same code in both"))
    return out


def question_problems(lq: LoadedQuestion) -> list[str]:
    q = lq.q
    out: list[str] = []

    def add(path: tuple[str | int, ...], what: str) -> None:
        name = ".".join(map(str, path))
        out.append(f"{locate(lq, path)}: [{lq.id}] {name}: {what}")

    for path, t in _texts(q):
        for sub, what in text_problems(t.en, t.zh):
            add((*path, *sub), what)
    if isinstance(q, ChoiceQuestion):
        en = {_WORDS[m.lower()] for m in _EN_COUNT.findall(q.prompt.en)}
        zh = {_WORDS[m] for m in _ZH_COUNT.findall(q.prompt.zh)}
        if en and zh and en != zh:
            add(("prompt",), f"option count differs: en says pick {_listing(en)}, zh says {_listing(zh)}")
        stated = en or zh
        if stated and stated != {len(q.answer)}:
            add(("prompt",), f"the prompt says pick {_listing(stated)} but the key has {len(q.answer)} - "
                             "fix the prompt or the key")
        if len(q.answer) > 1 and not stated:
            for lang, cue, say in (("en", _EN_MULTI, "Pick all that apply."), ("zh", _ZH_MULTI, "（多选）")):
                if not cue.search(q.prompt.get(lang)):
                    add(("prompt", lang), f"{len(q.answer)} options are right but the prompt does not say to pick "
                                          f"several - add e.g. `{say}`")
    if isinstance(q, OutputQuestion) and q.params:
        for path, what in draw_problems(q):
            add(path, what)
    return out


# The cue that a choice question has several right options (58 of 65 banks' ones had it).
_EN_MULTI = re.compile(r"all that apply|every (?:correct|true|right)|(?:pick|choose|select|mark) (?:all|every)",
                       re.IGNORECASE)
_ZH_MULTI = re.compile(r"多选|所有正确|全部正确|所有.{0,4}(?:说法|选项)")
# A numbered name (`mul_1`, `add_2`): fx and friends number nodes by how often a draw repeats them.
_COINED = re.compile(r"\b[A-Za-z]\w*_\d+\b")


def draw_kinds(q: OutputQuestion) -> list[dict[str, str | int | float]]:
    """A draw per kind of value: each param at each choice or range end, the others at default."""
    out = []
    for name, p in sorted(q.params.items()):
        for v in (p.choices if p.choices is not None else sorted(set(p.ints or ()))):
            values = {**q.defaults(), name: v}
            if v != p.default and q.honours_distinct(values):
                out.append(values)
    return out


def draw_problems(q: OutputQuestion) -> list[tuple[tuple[str | int, ...], str]]:
    """A parametrised question's text, rendered for every draw kind, must pass the text rules; and
    its explanation must not cite what only the default draw prints (`mul_1`, where another draw
    prints `mul_3`): it is shown with every draw."""
    out: list[tuple[tuple[str | int, ...], str]] = []
    seen: set[str] = set()
    for values in draw_kinds(q):
        for part in ("prompt", "explanation"):
            t = getattr(q, part)
            for sub, what in text_problems(fill(t.en, values), fill(t.zh, values)):
                if what not in seen:
                    seen.add(what)
                    out.append(((part, *sub), f"{what} (drawn {values})"))
    fixed = set(_COINED.findall(q.code)) | {str(c) for p in q.params.values() for c in (p.choices or ())}
    for lang in ("en", "zh"):
        cited = (set(_COINED.findall(q.expected)) & set(_COINED.findall(q.explanation.get(lang)))) - fixed
        if cited:
            out.append((("explanation", lang), f"cites {_listing(cited)}, which only the default draw prints - "
                                               "write it with `{param}` or in words that hold for every draw"))
    return out


def _listing(xs: set[Any]) -> str:
    return ", ".join(f"`{x}`" if isinstance(x, str) else str(x) for x in sorted(xs, key=str)) or "none"


# Generous caps on the prose (code blocks not counted), in English words: the format asks for about
# 80 a hint and 450 for the solution; past these a hint stops being a hint.
HINT_WORDS, SOLUTION_WORDS = 120, 600


def coach_problems(exercise: str, exercises: Path | None = None) -> list[str]:
    """An exercise's coach.yaml: missing, malformed or off the schema, then the text rules."""
    return coach_file_problems(coach.path_of(exercise, exercises))


def coach_file_problems(path: Path) -> list[str]:
    try:
        located = coach.read(path)
    except CoachError as e:
        return str(e).splitlines()
    c, name = located.coach, path.parent.name
    texts = [(("hints", i), t, HINT_WORDS) for i, t in enumerate(c.hints)] + [(("solution",), c.solution,
                                                                              SOLUTION_WORDS)]
    out = []
    for loc, t, cap in texts:
        problems = text_problems(t.en, t.zh)
        words = len(_FENCE.sub(" ", t.en).split())
        if words > cap:
            problems.append(((), f"{words} words of prose, more than {cap} - keep it short"))
        out += [f"{located.where((*loc, *sub))}: [{name}] {'.'.join(map(str, (*loc, *sub)))}: {what}"
                for sub, what in problems]
    return out


SPOTBUG_KINDS = ("mutants", "wrong")  # the folders spot-the-bug cards are made from (spotbug.KINDS)


def spotbug_problems(exercise: str, exercises: Path | None = None) -> list[str]:
    """The Chinese description of every file a spot-the-bug card is made from: present, and held to
    the text rules against the English one (it is the card's zh explanation)."""
    folder = (exercises or paths.exercises_dir()) / exercise
    out = []
    for kind in SPOTBUG_KINDS:
        for m in mutants.find(folder, kind):
            text = m.path.read_text(encoding="utf-8")
            en, zh = mutants.describe(text)
            head = mutants.header_lines(text)
            at = next((i for i, line in enumerate(head, 1) if line.startswith(mutants.ZH)), len(head) or 1)
            where = f"{_display(m.path)}:{at}: [{exercise}/{kind}/{m.name}] zh description"
            if not zh:
                out.append(f"{where}: missing - add a `# zh: ` line after the English description, "
                           "the same mistake in your own Chinese words")
                continue
            out += [f"{where}: {what}" for _sub, what in text_problems(en, zh)]
    return out


def problems(catalog: Catalog, exercises: Path | None = None) -> list[str]:
    """Every question's text rules, then the coach file and the spot-the-bug descriptions of every
    exercise the catalog names."""
    # Generated spot-the-bug cards are not written in a bank: their text comes from the files' headers.
    found = [p for lq in catalog.questions.values() if lq.q.type != "spot_bug" for p in question_problems(lq)]
    names = sorted({lq.q.exercise for lq in catalog.questions.values() if isinstance(lq.q, CodingQuestion)})
    coding = [lq for lq in catalog.questions.values() if isinstance(lq.q, CodingQuestion)]
    return found + [p for lq in coding for p in contract_problems(lq, exercises)] + \
        [p for name in names for p in [*coach_problems(name, exercises), *spotbug_problems(name, exercises)]]


def contract_problems(lq: LoadedQuestion, exercises: Path | None = None) -> list[str]:
    """The exercise's contract (checkers/contract.py) parses, and its prompt states every axis the
    generated cases sample: a case from a domain the candidate was never told about is a trap."""
    q = lq.q
    assert isinstance(q, CodingQuestion)
    where = f"{locate(lq, ('prompt',))}: [{lq.id}] contract"
    try:
        declared = contract.load((exercises or paths.exercises_dir()) / q.exercise)
    except DlprepError as e:
        return [f"{where}: {e}"]
    if declared is None:
        return []
    prompt = {"en": q.prompt.en, "zh": q.prompt.zh}
    return [f"{where}: the prompt never states the {axis} domain the hidden cases sample - say it in the "
            "prompt, or drop the axis" for axis in contract.silent_axes(declared, prompt)]


# --- reports -------------------------------------------------------------------------------------

def longest_is_key(q: ChoiceQuestion, lang: str) -> bool:
    """True when the key's options are all strictly longer than every other option: picking the
    longest ones, as many as the key has, reproduces the key."""
    lengths = {c.id: len(c.get(lang)) for c in q.choices}
    key = set(q.answer)
    rest = [n for cid, n in lengths.items() if cid not in key]
    return bool(rest) and min(lengths[a] for a in key) > max(rest)


@dataclass(frozen=True)
class Balance:
    """Test-taking tells in one bank (or all of them)."""

    choice: int = 0
    longest_en: int = 0
    longest_zh: int = 0
    true_false: int = 0
    true_keys: int = 0

    def __add__(self, o: Balance) -> Balance:
        return Balance(self.choice + o.choice, self.longest_en + o.longest_en, self.longest_zh + o.longest_zh,
                       self.true_false + o.true_false, self.true_keys + o.true_keys)

    @property
    def longest_share(self) -> float | None:
        """The worse of the two languages (a user reads one of them)."""
        return max(self.longest_en, self.longest_zh) / self.choice if self.choice else None

    @property
    def true_share(self) -> float | None:
        return self.true_keys / self.true_false if self.true_false else None

    def misses(self, min_sample: int = 1) -> list[str]:
        """The targets missed, counting only shares taken over at least `min_sample` questions."""
        out = []
        if self.longest_share is not None and self.longest_share > LONGEST_MAX and self.choice >= min_sample:
            out.append(f"the longest options are the key in {max(self.longest_en, self.longest_zh)} of "
                       f"{self.choice} choice questions ({self.longest_share:.0%}; target at most "
                       f"{LONGEST_MAX:.0%}) - make the distractors as long and specific as the key")
        lo, hi = TRUE_SHARE
        if self.true_share is not None and not lo <= self.true_share <= hi and self.true_false >= min_sample:
            out.append(f"{self.true_keys} of {self.true_false} true/false keys are True ({self.true_share:.0%}; "
                       f"target {lo:.0%}-{hi:.0%}) - rephrase statements so both answers are common")
        return out


def balance(questions: list[LoadedQuestion]) -> Balance:
    b = Balance()
    for lq in questions:
        q = lq.q
        if isinstance(q, ChoiceQuestion):
            b += Balance(choice=1, longest_en=longest_is_key(q, "en"), longest_zh=longest_is_key(q, "zh"))
        elif isinstance(q, TrueFalseQuestion):
            b += Balance(true_false=1, true_keys=q.answer)
    return b


_TOKEN = re.compile(r"[a-z0-9_]+")


def _tokens(q: Any) -> frozenset[str]:
    parts = [q.prompt.en]
    if isinstance(q, OutputQuestion):
        parts.append(q.code)
    if isinstance(q, ChoiceQuestion):
        parts += [c.en for c in q.choices]
    if isinstance(q, ShortQuestion):
        parts.append(q.answers[0])
    return frozenset(_TOKEN.findall(" ".join(parts).lower()))


@dataclass(frozen=True)
class NearDuplicate:
    a: LoadedQuestion
    b: LoadedQuestion
    similarity: float

    def line(self) -> str:
        return (f"{self.a.file.name}:{self.a.line}: [{self.a.id}] looks like [{self.b.id}] "
                f"({self.b.file.name}:{self.b.line}), similarity {self.similarity:.2f}")


def near_duplicates(catalog: Catalog, threshold: float = NEAR_DUPLICATE) -> list[NearDuplicate]:
    """Pairs of questions of the same type whose texts share most of their words."""
    by_type: dict[str, list[tuple[LoadedQuestion, frozenset[str]]]] = {}
    for lq in catalog.questions.values():
        if lq.q.type not in ("coding", "spot_bug"):
            by_type.setdefault(lq.q.type, []).append((lq, _tokens(lq.q)))
    out = []
    for group in by_type.values():
        for (a, ta), (b, tb) in itertools.combinations(group, 2):
            # Jaccard >= t needs the smaller set to be at least t times the larger: skip the rest cheaply.
            if not ta or not tb or min(len(ta), len(tb)) < threshold * max(len(ta), len(tb)):
                continue
            sim = len(ta & tb) / len(ta | tb)
            if sim >= threshold:
                out.append(NearDuplicate(a, b, round(sim, 2)))
    return sorted(out, key=lambda d: (-d.similarity, d.a.id))


@dataclass(frozen=True)
class LintReport:
    problems: list[str]
    per_bank: dict[str, Balance]
    overall: Balance
    duplicates: list[NearDuplicate]
    enforced: bool
    target_misses: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems and not (self.enforced and self.target_misses)


def run(catalog: Catalog, strict: bool = False) -> LintReport:
    per_bank = {t: balance(qs) for t, qs in sorted(catalog.by_topic.items())}
    overall = sum(per_bank.values(), Balance())
    return LintReport(problems(catalog), per_bank, overall, near_duplicates(catalog),
                      enforced=strict or (ENFORCE and bool(overall.misses(MIN_SAMPLE))),
                      target_misses=overall.misses())

