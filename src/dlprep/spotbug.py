"""Spot-the-bug cards: every mutant and every wrong answer of an exercise, as a question.

A card shows the wrong code with numbered lines (its describing comments, English and `# zh: `,
removed: they name the bug; they are the card's explanation). The user answers
`LINES[; INPUT]`: the faulty line(s) (`12`, `12,14`, `12-14`) and, as a bonus, an input on which
the wrong code and the reference differ, an expression evaluated with the file's names in scope
(`solve(torch.ones(2, 3), 1)`). The faulty lines are the regions where the file differs from the
reference in behaviour (dlprep.behaviour_diff: renames, annotations, imports, comments and
layout do not count), and a file that differs in more than a few lines is a rewrite and makes no
card; the input runs only in the sandbox, once per file, and the two results are
compared here with the checkers' own rules (`checkers.compare`).

Each exercise may keep `expose.yaml` beside its reference: `inputs:` maps a wrong file
(`mutants/x.diff`, `wrong/y.py`) to a stored exposing input, `lines_only:` to why no input reaches
its bug here (several processes, a GPU), and `candidates:` lists inputs worth trying.
`python -m dlprep.spotbug --derive [EXERCISE...]` tries the candidates (and, for call-style
exercises, every public case of check.py written out as an expression) on each card without an
input, and stores the first that exposes it; `dlprep verify` proves every stored input.
"""

from __future__ import annotations

import difflib
import functools
import hashlib
import io
import re
import tokenize
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from dlprep import behaviour_diff, mutants
from dlprep.checkers.sandbox import warmups
from dlprep.json_cache import JsonCache
from dlprep.models import CodingQuestion, SpotBugQuestion, Text

EXPOSE_FILE = "expose.yaml"
EXPOSE_HARNESS = "dlprep.checkers.sandbox.expose:run_child"
EXPOSE_BATCH_HARNESS = "dlprep.checkers.sandbox.expose:run_batch"
BATCH_PARALLEL = 2  # cards in flight at once in a batch: one waiting out a hang leaves the core to another
# The worker's warm-ups (run once per worker, inherited by every run) a card asks for: dynamo for
# every card (a buggy training step reaches it), and by checker family, what else it needs: without
# it both sides of every compile card pay dynamo's first-compile set-up.
CARD_WARM = (warmups.DYNAMO,)
BATCH_WARM = {"compile": (warmups.COMPILE,)}
EXPOSE_TIMEOUT_S = 30.0
# A card whose behaviour differs in more lines or regions than these is a rewrite, not a bug to
# spot: nearly any guess would lie in its key, and it tends to hide bugs its explanation never names.
MAX_FAULTY_LINES = 6
MAX_REGIONS = 3
KINDS = ("mutants", "wrong")  # pending corpus folders are not settled yet: no cards from them
# Besides values, what a user can see of a returned tensor: its layout and whether it tracks grad.
LAYOUT = ("stride", "offset", "contiguous", "requires_grad")
_ANSWER = re.compile(r"^\s*([\d\s,\-]+?)\s*(?:[;|]\s*(.*?))?\s*$", re.DOTALL)


class BadLines(ValueError):
    """An answer whose line part cannot be read."""


# ---------------------------------------------------------------- generating cards

def _strip_header(source: str) -> str:
    lines = source.splitlines()
    i = 0
    while i < len(lines) and lines[i].startswith("#"):
        i += 1
    return "\n".join(lines[i:]).lstrip("\n") + "\n"


def _without_tells(reference: str, wrong: str) -> str:
    """The wrong code without the comments its author added to the changed lines: they name the bug."""
    changed = {n for r in hunks(reference, wrong) for n in r}
    comments: dict[int, int] = {}  # line -> column where its comment starts
    try:
        for tok in tokenize.generate_tokens(io.StringIO(wrong).readline):
            if tok.type == tokenize.COMMENT and tok.start[0] in changed:
                comments[tok.start[0]] = tok.start[1]
    except (tokenize.TokenError, SyntaxError):
        return wrong
    out = []
    for n, line in enumerate(wrong.splitlines(), 1):
        if n in comments:
            line = line[:comments[n]].rstrip()
            if not line.strip():
                continue  # a comment-only line the author added
        out.append(line)
    return "\n".join(out) + "\n"


def hunks(reference: str, wrong: str) -> list[list[int]]:
    """Each changed region of `wrong` against `reference`, as its 1-based line numbers in `wrong`.
    A region that only deletes lines is marked by its neighbours (the lines around the gap)."""
    a, b = reference.splitlines(), wrong.splitlines()
    out: list[list[int]] = []
    for tag, _i1, _i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        lines = list(range(j1 + 1, j2 + 1)) if j2 > j1 else [n for n in (j1, j1 + 1) if 1 <= n <= len(b)]
        lines = [n for n in lines if b[n - 1].strip()] or lines  # a blank line is never the bug
        if lines:
            out.append(lines)
    return out


def faulty_regions(reference: str, wrong: str) -> list[list[int]]:
    """The card's key: where behaviour differs (names, annotations, imports, comments and layout
    normalised away: dlprep.behaviour_diff); the line diff where a file does not parse."""
    try:
        return behaviour_diff.faulty_regions(reference, wrong)
    except SyntaxError:
        return hunks(reference, wrong)


def hides_other_bugs(reference: str, codes: list[str]) -> list[bool]:
    """For each file, whether its changes include every change of another file of the exercise
    (and more): it carries that file's bug besides its own, which its explanation does not name
    (a mutant written before the reference gained a fix undoes the fix too)."""
    try:
        sets = [behaviour_diff.changes(reference, c) for c in codes]
    except SyntaxError:
        return [False] * len(codes)
    return [any(other and other < mine for other in sets) for mine in sets]


def is_rewrite(regions: list[list[int]]) -> bool:
    return len(regions) > MAX_REGIONS or len({n for r in regions for n in r}) > MAX_FAULTY_LINES


@functools.lru_cache(maxsize=128)
def _expose_table(folder: Path, mtime: float) -> dict[str, Any]:
    data = yaml.safe_load((folder / EXPOSE_FILE).read_text(encoding="utf-8")) or {}
    return data if isinstance(data, dict) else {}


def expose_table(folder: Path) -> dict[str, Any]:
    f = folder / EXPOSE_FILE
    return _expose_table(folder, f.stat().st_mtime) if f.is_file() else {}


def card_id(topic: str, exercise: str, origin: str) -> str:
    kind, _, name = origin.partition("/")
    stem = Path(name).stem.lower().replace("_", "-")
    return f"{topic}.spotbug.{exercise}.{'' if kind == 'mutants' else 'wrong.'}{stem}"


def is_card_id(qid: str) -> bool:
    return ".spotbug." in qid


class _CardCache(JsonCache):
    """Cards by exercise, kept as JSON in the cache dir: diffing ~950 files costs seconds of CPU,
    and every command that loads the banks would pay it. An entry is keyed by its fingerprint alone:
    the coding question and the name, size and mtime of every file the cards come from, so an edit
    rebuilds it, and a copy of the exercises elsewhere (copies keep mtimes; the cards never name
    the folder) finds the same entry instead of adding one per place."""

    def __init__(self) -> None:
        super().__init__("spotbug.json")


# 4: entries keyed by fingerprint, not folder (3: the key is where behaviour differs, rewrites
# dropped; 2: zh from `# zh: ` lines)
CACHE_VERSION = "4"


def _fingerprint(q: CodingQuestion, topic: str, folder: Path) -> str:
    h = hashlib.sha1(f"{CACHE_VERSION}\n{topic}\n{q.model_dump_json()}\n".encode())
    files = [folder / mutants.REFERENCE, folder / EXPOSE_FILE,
             *(m.path for kind in KINDS for m in mutants.find(folder, kind))]
    for f in files:
        try:
            st = f.stat()
            h.update(f"{f.name}:{st.st_size}:{st.st_mtime_ns}\n".encode())
        except OSError:
            h.update(f"{f.name}:-\n".encode())
    return h.hexdigest()


def cards(q: CodingQuestion, topic: str, exercises: Path, cache: _CardCache | None = None) -> list[SpotBugQuestion]:
    """One card per mutant and wrong answer of the exercise of `q` (none when its files are missing)."""
    if cache is None:
        return _build(q, topic, exercises)
    fp = _fingerprint(q, topic, exercises / q.exercise)
    entry = cache.entries.get(fp)
    if isinstance(entry, dict) and isinstance(entry.get("cards"), list):
        cache.used[fp] = entry
        # Validated again, not constructed: model_construct would leave the nested texts as dicts.
        return [SpotBugQuestion.model_validate(d) for d in entry["cards"]]
    built = _build(q, topic, exercises)
    cache.used[fp] = cache.entries[fp] = {"cards": [c.model_dump(mode="json") for c in built]}
    cache.dirty = True
    return built


def _build(q: CodingQuestion, topic: str, exercises: Path) -> list[SpotBugQuestion]:
    folder = exercises / q.exercise
    ref_file = folder / mutants.REFERENCE
    if not ref_file.is_file():
        return []
    reference = ref_file.read_text(encoding="utf-8")
    table = expose_table(folder)
    shown: list[tuple[mutants.Mutant, str, str]] = []  # (file, kind, code as shown)
    for kind in KINDS:
        for m in mutants.find(folder, kind):
            try:
                shown.append((m, kind, _without_tells(reference, _strip_header(m.source()))))
            except mutants.DiffError:
                continue  # verify of the coding question reports it
    hidden = hides_other_bugs(reference, [code for _, _, code in shown])
    out = []
    for (m, kind, code), hides in zip(shown, hidden, strict=True):
        if hides:
            continue
        regions = faulty_regions(reference, code)
        if not regions or is_rewrite(regions):
            continue
        origin = f"{kind}/{m.path.name}"
        stored = (table.get("inputs") or {}).get(origin)
        lines_only = (table.get("lines_only") or {}).get(origin)
        out.append(SpotBugQuestion(
            id=card_id(topic, q.exercise, origin), type="spot_bug", difficulty=q.difficulty,
            tags=["spot-bug", q.exercise], prompt=_prompt(q, lines_only), explanation=_explanation(m, regions),
            exercise=q.exercise, origin=origin, entry=q.entry, checker=q.checker, code=code, hunks=regions,
            expose=stored if isinstance(stored, str) else None,
            lines_only=str(lines_only) if lines_only else None, requires=list(q.requires)))
    return out


def _prompt(q: CodingQuestion, lines_only: Any) -> Text:
    task_en = q.prompt.en.strip().split("\n\n")[0]
    task_zh = q.prompt.zh.strip().split("\n\n")[0]
    en = (f"This solution of `{q.id}` has a bug. Which line(s) are wrong? Answer with line numbers "
          "(`12`, `12,14` or `12-14`)")
    zh = f"下面这份 `{q.id}` 的解答有错。错在哪一行？用行号回答（`12`、`12,14` 或 `12-14`）"
    if lines_only:
        en += f". Only the lines are judged here: {lines_only}."
        zh += f"。此题只判行号（{lines_only}）。"
    else:
        en += (f"; for a bonus, add an input that shows it, after a `;`: an expression calling `{q.entry}` "
               f"(e.g. `12; {q.entry}(...)`), run on this code and on the reference.")
        zh += (f"；想拿加分，可在 `;` 后给出一个能暴露错误的输入：调用 `{q.entry}` 的表达式"
               f"（如 `12; {q.entry}(...)`），它会分别在这份代码和参考答案上运行。")
    return Text(en=f"{en}\n\nThe task: {task_en}", zh=f"{zh}\n\n题目：{task_zh}")


def _explanation(m: mutants.Mutant, regions: list[list[int]]) -> Text:
    where = ", ".join(_span(r) for r in regions)
    text = m.path.read_text(encoding="utf-8")
    en, zh = mutants.describe(text)
    return Text(en=f"The faulty line(s): {where}. What goes wrong: {en or '-'}",
                zh=f"出错的行：{where}。错在哪里：{zh or en or '-'}")


def _span(r: list[int]) -> str:
    return str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}"


def numbered(code: str) -> str:
    lines = code.rstrip("\n").splitlines()
    w = len(str(len(lines)))
    return "\n".join(f"{i:>{w}} | {ln}" for i, ln in enumerate(lines, 1))


def reference_of(q: SpotBugQuestion, exercises: Path) -> str:
    return (exercises / q.exercise / mutants.REFERENCE).read_text(encoding="utf-8")


# ---------------------------------------------------------------- judging an answer

@dataclass(frozen=True)
class Answer:
    lines: tuple[int, ...]
    expose: str | None


def parse(text: str) -> Answer:
    """`12`, `12,14`, `12-14`, `3 5`, optionally followed by `; INPUT`."""
    m = _ANSWER.match(text)
    if not m:
        raise BadLines("answer with line numbers (12, 12,14 or 12-14), then optionally `; an input`")
    lines: list[int] = []
    for part in re.split(r"[\s,]+", m.group(1).strip()):
        if not part:
            continue
        lo, sep, hi = part.partition("-")
        if not lo.isdigit() or (sep and not hi.isdigit()):
            raise BadLines(f"cannot read {part!r} as a line or a range like 12-14")
        a, b = int(lo), int(hi) if sep else int(lo)
        if b < a or b - a > 200:
            raise BadLines(f"{part!r} is not a range of lines")
        lines.extend(range(a, b + 1))
    if not lines:
        raise BadLines("name at least one line")
    expose = (m.group(2) or "").strip() or None
    return Answer(tuple(sorted(set(lines))), expose)


def lines_right(q: SpotBugQuestion, named: tuple[int, ...]) -> bool:
    """Generous: every named line lies in a changed region, and at least one region is named."""
    faulty = q.faulty
    return bool(named) and all(n in faulty for n in named)


def expose_job(source: str, entry: str, expression: str, name: str, reference: str | None = None) -> dict[str, Any]:
    """The sandbox job that evaluates `expression` on `source` (and, given, on `reference` in a fork
    of the same run: one round trip for the comparison)."""
    job = {"harness": EXPOSE_HARNESS, "source": source, "filename": f"<{name}>", "entry": entry,
           "expression": expression, "timeout": EXPOSE_TIMEOUT_S, "limits": {"cpu_s": int(EXPOSE_TIMEOUT_S * 4)},
           "env": {"TRITON_INTERPRET": "1"}, "warm": list(CARD_WARM)}
    if reference is not None:
        job["reference"] = reference
    return job


@dataclass(frozen=True)
class Proof:
    differs: bool
    message: str  # in words: what each side gave, or why there is no comparison


def _side(facts: Any) -> dict[str, Any]:
    """One side of the comparison: {"value": described} or {"error": info} or {"problem": str}."""
    if not isinstance(facts, dict):
        return {"problem": "no result"}
    if "crashed" in facts:
        return {"crashed": str(facts["crashed"])}
    if "load_error" in facts:
        return {"error": facts["load_error"]}
    if "input_error" in facts:
        return {"input_error": facts["input_error"]}
    if "value" not in facts and "error" not in facts:
        return {"problem": "no result"}
    return {k: facts[k] for k in ("value", "error") if k in facts}


def outcome(run: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """(wrong side, reference side) of a paired run of expose_job."""
    if not run.ok:  # the reference's side did not report: nothing to compare
        return {"problem": run.problem or "it did not finish"}, {"problem": run.problem or "it did not finish"}
    from dlprep.checkers.sandbox import wire

    try:
        facts = wire.loads(run.result)
    except Exception as e:
        return {"problem": f"its result could not be read ({e})"}, {"problem": "-"}
    return _paired(facts)


def _paired(facts: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """(wrong side, reference side) of the facts of one comparison."""
    if isinstance(facts, dict) and "input_error" in facts:
        return {"input_error": facts["input_error"]}, {"input_error": facts["input_error"]}
    if isinstance(facts, dict) and "problem" in facts:  # a batch's card process gave no result
        return {"problem": str(facts["problem"])}, {"problem": str(facts["problem"])}
    if not isinstance(facts, dict) or "wrong" not in facts:
        return {"problem": "no result"}, {"problem": "no result"}
    return _side(facts["wrong"]), _side(facts["reference"])


def compare(w: dict[str, Any], r: dict[str, Any]) -> Proof:
    """Whether the input exposes the bug: the two sides gave results that the checkers' comparison
    tells apart, or only one of them raised (or they raised different exceptions)."""
    for side in (w, r):
        if "problem" in side:
            return Proof(False, f"the input could not be run: {side['problem']}")
        if "input_error" in side:
            return Proof(False, f"the input is not valid Python: {side['input_error']}")
    if "crashed" in r:
        return Proof(False, f"the input could not be run on the reference: {r['crashed']}")
    if "crashed" in w:
        return Proof(True, f"this code {w['crashed']}, where the reference did")
    if "error" in w and "error" in r:
        same = w["error"]["type"] == r["error"]["type"]
        return Proof(not same, f"both raise ({w['error']['type']} / {r['error']['type']})")
    if "error" in w or "error" in r:
        who, err = ("this code", w["error"]) if "error" in w else ("the reference", r["error"])
        return Proof(True, f"{who} raises {err['type']}: {err['message'][:120]}")
    from dlprep.checkers.compare import compare_described

    a, e = w["value"], r["value"]
    if a["kind"] == "object" or e["kind"] == "object":
        return Proof(False, "the input must give tensors, numbers, tuples, lists or dicts to compare "
                            f"(got {a.get('type') or a['kind']})")
    c = compare_described(a, e, None, None, LAYOUT)
    said = (c.message or "same result on both").replace("yours", "this code").replace("expected", "the reference")
    return Proof(not c.ok, said)


class ExposeRunner:
    """Runs inputs against a wrong file and the reference, in one job each, on a warm sandbox
    (anything with `.run(job)`: a checkers Sandbox, or a CodeJudge sharing a session's worker)."""

    def __init__(self, sandbox: Any, exercises: Path):
        self.sandbox, self.exercises = sandbox, exercises

    def prove(self, q: SpotBugQuestion, expression: str) -> Proof:
        job = expose_job(q.code, q.entry, expression, q.id, reference_of(q, self.exercises))
        return compare(*outcome(self.sandbox.run(job)))

    def prove_batch(self, cards: list[SpotBugQuestion], timeout: float = EXPOSE_TIMEOUT_S) -> list[Proof]:
        """Each card's stored input, all cards of one exercise in one sandbox job (`dlprep verify`):
        the same comparison as `prove`, each card in processes of its own (checkers/sandbox/expose.py)."""
        if not cards:
            return []
        exercise = cards[0].exercise
        assert all(c.exercise == exercise and c.expose for c in cards)
        job = expose_batch_job(cards, reference_of(cards[0], self.exercises), timeout)
        run = self.sandbox.run(job)
        if not run.ok:
            return [Proof(False, f"the input could not be run: {run.problem or 'the batch did not finish'}")
                    ] * len(cards)
        from dlprep.checkers.sandbox import wire

        try:
            facts = wire.loads(run.result)["cards"]
            assert isinstance(facts, list) and len(facts) == len(cards)
        except Exception as e:
            return [Proof(False, f"the input could not be run: the batch's result could not be read ({e})")
                    ] * len(cards)
        return [compare(*_paired(f)) for f in facts]


def expose_batch_job(cards: list[SpotBugQuestion], reference: str, timeout: float = EXPOSE_TIMEOUT_S) -> dict[str, Any]:
    """One sandbox job proving the stored inputs of several cards of one exercise (`timeout`: a
    card's, as for expose_job)."""
    per_card = timeout * (1 + 0.6) + 5  # expose.py's limit on one card process
    return {"harness": EXPOSE_BATCH_HARNESS, "reference": reference, "card_timeout": timeout,
            "cards": [{"source": c.code, "filename": f"<{c.id}>", "expression": c.expose} for c in cards],
            "parallel": BATCH_PARALLEL, "warm": [*CARD_WARM, *BATCH_WARM.get(cards[0].checker, ())],
            "timeout": per_card * len(cards) / BATCH_PARALLEL + per_card,
            "limits": {"cpu_s": int(EXPOSE_TIMEOUT_S * 4)}, "env": {"TRITON_INTERPRET": "1"}}
