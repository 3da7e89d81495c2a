"""`dlprep verify`: prove every answer key and every reference true on the installed torch/triton.

Per question: `output` snippets run in the sandbox twice and must print exactly the key both
times (different output between runs = unverifiable); a `probe` of a choice/true_false/short
question runs once, and its last line must be the key (the key is then "proved"); without a probe
such a question passes only with `evidence: docs` and official refs ("docs"), else it fails;
coding exercises: the reference scores full marks, the starter is unattempted, every mutant (a diff
against the reference, or a .py) and every answer in `wrong/` fails, every answer in `right/` scores
full marks; a short question's code `judge` must accept every listed answer; open questions
must cite documentation. A question whose `requires` this machine lacks
is skipped and counted with the reason. Coverage of the topic registry is checked too.
Work fans out through a dlprep.executors executor: local threads, or Ray actors (`--executor ray`).
"""

from __future__ import annotations

import functools
import time
import zlib
from collections import Counter, deque
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Literal

from dlprep import coach, evidence, executors, kill_hints, models, mutants, paths, spotbug, verify_record
from dlprep.answers import matches, same_output
from dlprep.bank import Catalog, LoadedQuestion, suggest
from dlprep.code_judge import accepted, judge_job, snippet_job
from dlprep.errors import DlprepError, NotFound, UsageError
from dlprep.kinds import QUESTION_TYPES
from dlprep.mutants import DiffError
from dlprep.requires import Environment, environment
from dlprep.verify_record import VerifyRecord

Outcome = Literal["passed", "failed", "skipped", "unverifiable"]
SNIPPET_TIMEOUT_S = 120.0


@dataclass(frozen=True)
class QuestionResult:
    id: str
    topic: str
    kind: str  # question type, or "coverage"
    status: Outcome
    message: str = ""
    details: tuple[str, ...] = ()
    duration_s: float = 0.0
    counts: dict[str, int] = field(default_factory=dict)  # coding: files graded by kind (mutants, wrong, ...)
    evidence: str = ""  # choice/true_false/short that passed: "proved" (its probe agreed) or "docs"
    recorded: bool = False  # not run now (`--changed`): this very content passed on a recorded run


@dataclass(frozen=True)
class VerifyReport:
    results: tuple[QuestionResult, ...]
    coverage: tuple[QuestionResult, ...]
    environment: dict[str, Any] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return all(r.status in ("passed", "skipped") for r in (*self.results, *self.coverage))

    def summary(self) -> dict[str, Counter[str]]:
        out: dict[str, Counter[str]] = {}
        for r in (*self.results, *self.coverage):
            out.setdefault(r.topic, Counter())[r.status] += 1
        return dict(sorted(out.items()))

    def exercise_counts(self) -> Counter[str]:
        """Over every passed exercise: mutants caught (and how many are diffs), wrong and right answers."""
        total: Counter[str] = Counter()
        for r in self.results:
            total.update(r.counts)
        return total
    def evidence(self) -> evidence.Evidence:
        return evidence.from_results(self.results)

    def skipped(self) -> Counter[str]:
        """Why questions were skipped (a missing requirement), with how many each."""
        return Counter(r.message for r in self.results if r.status == "skipped")

    def to_json(self) -> dict[str, Any]:
        ev = self.evidence()
        return {"version": 1, "ok": self.ok, "environment": self.environment,
                "summary": {t: dict(c) for t, c in self.summary().items()},
                "proved_share": ev.overall.proved_share, "evidence": ev.to_json(),
                "skipped": {"total": sum(self.skipped().values()), "reasons": dict(self.skipped())},
                "results": [asdict(r) for r in self.results], "coverage": [asdict(r) for r in self.coverage]}


def select(catalog: Catalog, selectors: list[str], qtype: str | None = None) -> list[LoadedQuestion]:
    """Question ids or topic ids (or a topic group such as `tensor`); none selects everything.
    With `qtype`, only the questions of that type among them."""
    if qtype is not None and qtype not in QUESTION_TYPES:
        raise UsageError(f"unknown type {qtype!r}; use one of {', '.join(QUESTION_TYPES)}")
    if not selectors:
        return [lq for lq in catalog.questions.values() if qtype in (None, lq.q.type)]
    chosen: dict[str, LoadedQuestion] = {}
    for s in selectors:
        if s in catalog.questions:
            chosen[s] = catalog.questions[s]
            continue
        hits = [lq for lq in catalog.questions.values() if lq.topic == s or lq.topic.split(".")[0] == s]
        if not hits and s not in catalog.topic_ids():
            raise NotFound(f"no question or topic {s!r}{suggest(s, [*catalog.questions, *catalog.topic_ids()])}")
        chosen.update((lq.id, lq) for lq in hits)
    return sorted((lq for lq in chosen.values() if qtype in (None, lq.q.type)), key=lambda lq: lq.id)


# ---------------------------------------------------------------- one question

def verify_question(lq: LoadedQuestion, grader: Any, env: Environment) -> QuestionResult:
    t0 = time.monotonic()
    q = lq.q
    reason = env.lacks(q.requires)
    if reason:
        r = QuestionResult(lq.id, lq.topic, q.type, "skipped", reason)
    elif isinstance(q, models.OutputQuestion):
        shown = q.shown()  # with params: the default draw, whose key is stored
        r = _check_snippet(lq, grader, shown.code, lambda out: same_output(out, q.expected), q.expected)
        if q.params and r.status == "passed":
            r = _check_draws(lq, grader)
    elif isinstance(q, models.ShortQuestion) and (q.probe or q.judge):
        # A probe computes the key; a code judge proves it by behaviour on every accepted form.
        r = (_proved(_check_snippet(lq, grader, q.probe, lambda out: matches(_last_line(out), q.answers[0], q.match),
                                    q.answers[0])) if q.probe else QuestionResult(lq.id, lq.topic, q.type, "passed"))
        if q.judge and r.status == "passed":
            r = _proved(_check_judge(lq, grader))
    elif isinstance(q, models.TrueFalseQuestion) and q.probe:
        r = _proved(_check_snippet(lq, grader, q.probe, lambda out: _last_line(out) == str(q.answer), str(q.answer)))
    elif isinstance(q, models.ChoiceQuestion) and q.probe:
        key = " ".join(sorted(q.answer))
        r = _proved(_check_snippet(lq, grader, q.probe,
                                   lambda out: sorted(_last_line(out).split()) == sorted(q.answer), key))
    elif isinstance(q, models.CodingQuestion):
        r = _check_exercise(lq, grader)
    elif isinstance(q, models.SpotBugQuestion):
        r = check_spot_bugs([lq], grader, env)[0]  # a batch of one: the same proof as in `verify`
    elif isinstance(q, models.ChoiceQuestion | models.ShortQuestion | models.TrueFalseQuestion):
        # A key no probe computes passes only as a declared claim about docs, never by default.
        r = (QuestionResult(lq.id, lq.topic, q.type, "passed",
                            f"evidence: docs, rests on {len(q.refs)} official doc(s)", evidence=evidence.DOCS)
             if q.evidence == "docs" and q.refs else
             QuestionResult(lq.id, lq.topic, q.type, "failed",
                            "nothing proves this key: add a `probe` that computes it, or, for a claim no "
                            "program can check, `evidence: docs` with official `refs`"))
    elif isinstance(q, models.OpenQuestion):
        r = (QuestionResult(lq.id, lq.topic, q.type, "passed", f"cites {len(q.refs)} doc(s)") if q.refs else
             QuestionResult(lq.id, lq.topic, q.type, "failed", "an open question must cite the official docs: "
                                                               "add `refs`"))
    else:  # pragma: no cover - the schema admits no other type
        r = QuestionResult(lq.id, lq.topic, q.type, "failed", "unknown question type")
    return QuestionResult(**{**asdict(r), "duration_s": round(time.monotonic() - t0, 3)})


def _proved(r: QuestionResult) -> QuestionResult:
    return QuestionResult(**{**asdict(r), "evidence": evidence.PROVED}) if r.status == "passed" else r


def _last_line(out: str) -> str:
    """A probe may print its working; the answer it computed is its last non-empty line."""
    lines = [ln.strip() for ln in out.splitlines() if ln.strip()]
    return lines[-1] if lines else ""


def _run_snippet(grader: Any, lq: LoadedQuestion, code: str) -> Any:
    job = snippet_job(code, lq.id, SNIPPET_TIMEOUT_S, cuda="cuda" in (lq.q.requires or []))
    run = grader.sandbox.run(job)
    if run.status == "timeout":
        # Multi-process gloo snippets have been seen to hang now and then on a loaded 2-core machine
        # (cause not found); one more try tells such a flake from a snippet that always hangs.
        run = grader.sandbox.run(job)
    return run


def _raised(run: Any) -> str | None:
    """The exception a snippet raised, from the harness's result (loaded without running code)."""
    if not run.ok:
        return None
    from dlprep.checkers.sandbox import wire

    try:
        facts = wire.loads(run.result)
    except Exception as e:
        return f"its result could not be loaded ({e})"
    err = facts.get("error") if isinstance(facts, dict) else None
    if not err:
        return None
    at = f" at line {err['line']}" if err.get("line") else ""
    return f"it raised {err['type']}{at}: {err['message']}"


def _check_snippet(lq: LoadedQuestion, grader: Any, code: str, ok: Callable[[str], bool],
                   expected: str) -> QuestionResult:
    kind = lq.q.type
    first = _run_snippet(grader, lq, code)
    raised = _raised(first)
    if not first.ok or raised:
        tail = "\n".join(first.stderr.strip().splitlines()[-6:])
        return QuestionResult(lq.id, lq.topic, kind, "failed", f"snippet did not run: {first.problem or raised}",
                              (tail,) if tail else ())
    if not isinstance(lq.q, models.OutputQuestion):
        # A probe's verdict is its last line against the key, judged on every run, so a probe that
        # drifts fails there; only an output question's whole text is the answer a user predicts
        # and must repeat. The heaviest probes start fresh interpreters (torchrun, compiled Triton):
        # a second run doubled their share of verify for no verdict it could change.
        return _judged(lq, first, ok, expected)
    second = _run_snippet(grader, lq, code)
    if not second.ok or _raised(second):
        tail = "\n".join(second.stderr.strip().splitlines()[-6:])
        return QuestionResult(lq.id, lq.topic, kind, "failed",
                              f"snippet ran once but not on the second run: {second.problem or _raised(second)}",
                              (tail,) if tail else ())
    if second.stdout != first.stdout:
        return QuestionResult(lq.id, lq.topic, kind, "unverifiable",
                              "the snippet prints different text on two runs (addresses, timing or unseeded "
                              "randomness?)", (f"run 1:\n{first.stdout}", f"run 2:\n{second.stdout}"))
    return _judged(lq, first, ok, expected)


def _judged(lq: LoadedQuestion, run: Any, ok: Callable[[str], bool], expected: str) -> QuestionResult:
    """A snippet's verdict on the run that counts: its stdout against the key."""
    if not ok(run.stdout):
        # its stderr too: a probe prints its measurements there (an output's stdout is the answer)
        err = "\n".join(run.stderr.strip().splitlines()[-6:])
        shown = (f"expected:\n{expected}", f"actual:\n{run.stdout}", *((f"stderr:\n{err}",) if err else ()))
        return QuestionResult(lq.id, lq.topic, lq.q.type, "failed", "the snippet prints something else than the key",
                              shown)
    return QuestionResult(lq.id, lq.topic, lq.q.type, "passed")


DRAWS = 3  # seeded draws verify runs for a parametrised output question, besides the default


def _check_draws(lq: LoadedQuestion, grader: Any) -> QuestionResult:
    """Every draw of a sample must run and print the same text twice (its key is computed, never
    stored, so there is nothing else to compare with)."""
    from dlprep import variants

    q: models.OutputQuestion = lq.q
    shown = []
    for values in variants.seeded_draws(q, DRAWS, zlib.crc32(q.id.encode())):
        code = q.variant(values, "").code
        r = _check_snippet(lq, grader, code, lambda out: bool(out.strip()), "(some output)")
        if r.status != "passed":
            return QuestionResult(lq.id, lq.topic, q.type, r.status, f"draw {values}: {r.message}", r.details)
        shown.append(str(values))
    return QuestionResult(lq.id, lq.topic, q.type, "passed", f"default and {DRAWS} draws run and repeat",
                          tuple(shown))


def _check_judge(lq: LoadedQuestion, grader: Any) -> QuestionResult:
    """A short question's code judge must accept every form the bank lists as right."""
    q: models.ShortQuestion = lq.q
    assert q.judge is not None
    for form in q.answers:
        run = grader.sandbox.run(judge_job(q.judge, form, q.id))
        if not accepted(run):
            tail = "\n".join((run.stdout + run.stderr).strip().splitlines()[-6:])
            return QuestionResult(lq.id, lq.topic, q.type, "failed",
                                  f"its judge rejects the accepted answer {form!r}", (tail,) if tail else ())
    return QuestionResult(lq.id, lq.topic, q.type, "passed", f"judge accepts all {len(q.answers)} listed form(s)")


def _sources(items: list[mutants.Mutant], label: str, problems: list[str]) -> Iterator[tuple[mutants.Mutant, str]]:
    """Each mutant or corpus answer with its source; one whose diff no longer applies is a problem."""
    for m in items:
        try:
            yield m, m.source()
        except DiffError as e:
            problems.append(f"{label} {e}")


def _check_exercise(lq: LoadedQuestion, grader: Any) -> QuestionResult:
    from dlprep.checkers.base import load_exercise

    q: models.CodingQuestion = lq.q
    folder = load_exercise(q).folder
    seed = kill_hints.seed_of(q.id)  # fixed per question: two verify runs give the same verdicts
    problems: list[str] = []

    reference = (folder / "reference.py").read_text(encoding="utf-8")
    short_first = grader.public_count(q, seed) > 0
    hints = kill_hints.load(folder)
    drawn = grader.case_names(q, seed) if hints else set()
    alone_ok: dict[str, bool] = {}  # hinted case -> the reference scores full marks on it alone
    stale: list[str] = []

    def hinted(path: Path) -> str | None:
        """The file's kill hint, once the reference is shown to pass that case run alone. Only a
        case this grading runs counts: a contract point is built from its name whether drawn or
        not, and a failure on a point no grading at this seed visits proves less than verify says."""
        case = hints.get(kill_hints.key(folder, path))
        if case is None or case not in drawn:
            return None
        if case not in alone_ok:
            try:
                alone_ok[case] = full_marks(grader.grade_source(q, reference, "reference.py", seed, case=case,
                                                                 shrink_failures=False))
            except DlprepError:  # no case of that name any more
                alone_ok[case] = False
        return case if alone_ok[case] else None

    def expect_failure(source: str, name: str, path: Path) -> Any:
        """A mutant or wrong answer needs one failing check to be caught. Its kill hint runs first
        (one case, kill_hints.py), then its public cases (a short run that catches most of them),
        every case only when those pass. Sound because the reference passes the hinted case alone
        and the public-only run too (each checked before its first use): those runs' failures are the file's own."""
        case = hinted(path)
        if case is not None:
            v = grader.grade_source(q, source, name, seed, case=case, shrink_failures=False)
            if v.status != "pass":
                return v
        if kill_hints.key(folder, path) in hints:
            stale.append(name)
        if short_first and public_alone_ok():
            v = grader.grade_source(q, source, name, seed, shrink_failures=False, public_only=True)
            if v.status != "pass":
                return v
        return grader.grade_source(q, source, name, seed, shrink_failures=False)

    @functools.cache
    def public_alone_ok() -> bool:
        """The reference's public-only run, made when a file first needs that shortcut."""
        short = grader.grade_source(q, reference, "reference.py", seed, public_only=True)
        if short.status != "pass":
            problems.append(f"reference.py fails the public cases run alone ({_first_failure(short)}): a "
                            "mutant's failure there would prove nothing")
        return bool(short.status == "pass")

    flakes: list[str] = []

    def expect_pass(source: str, name: str) -> Any:
        """A file that must score full marks. A run that failed only by hitting a time limit is run
        once more: under a loaded machine (four verify workers on two cores, each starting DataLoader
        workers or torchrun ranks) a case can outlast its limit once; the second run decides, and the
        first is named in the result, so a grader that is slow on right answers still shows."""
        v = grader.grade_source(q, source, name, seed)
        if not full_marks(v) and _hit_time_limit(v):
            again = grader.grade_source(q, source, name, seed)
            if full_marks(again):
                flakes.append(f"{name} hit a time limit once ({_first_failure(v)}) and passed when run again")
            return again
        return v

    ref = expect_pass(reference, "reference.py")
    if not full_marks(ref):
        bad = [f"{t.name}: {t.status} {t.message or ''}" for t in ref.tests if t.status != "pass"]
        problems.append(f"reference.py scored {ref.score:g}/{ref.max_score:g} ({ref.status}): " + "; ".join(bad[:3]))
    starter = grader.grade_source(q, (folder / "starter.py").read_text(encoding="utf-8"), "starter.py", seed)
    if starter.status != "unattempted":
        bad = [f"{t.name}: {t.status} {t.message or ''}" for t in starter.tests if t.status != "unattempted"]
        problems.append(f"starter.py should be reported unattempted, got {starter.status}: " + "; ".join(bad[:2]))
    caught = []
    found = mutants.find(folder)
    for m, source in _sources(found, "mutant", problems):
        v = expect_failure(source, m.path.with_suffix(".py").name, m.path)
        if v.status == "pass":
            problems.append(f"mutant {m.name} passed {v.score:g}/{v.max_score:g}: the checker cannot tell it apart")
        else:
            caught.append(f"{m.name}: {_first_failure(v)}")
    corpus = {kind: mutants.find(folder, kind) for kind in ("wrong", "right")}
    for kind, answers in corpus.items():
        for a, source in _sources(answers, f"{kind} answer", problems):
            if not source.startswith("# "):
                problems.append(f"{kind}/{a.name}: its first line must be a `# ` comment saying what it models")
            # a right answer runs whole, and if it fails gets its shrunk case
            name = a.path.with_suffix(".py").name
            v = expect_pass(source, name) if kind == "right" else expect_failure(source, name, a.path)
            if kind == "wrong" and v.status == "pass":
                problems.append(f"wrong answer {kind}/{a.name} passed {v.score:g}/{v.max_score:g}: "
                                "the checker cannot tell it apart")
            elif kind == "right" and not full_marks(v):
                problems.append(f"right answer {kind}/{a.name} scored {v.score:g}/{v.max_score:g} ({v.status}): "
                                f"{_first_failure(v)}")
    worked = coach.whole_solution(q)
    if worked is not None:
        v = expect_pass(worked, "coach_solution.py")
        if not full_marks(v):
            problems.append(f"the coach's worked solution (pasted into the starter) scored {v.score:g}/{v.max_score:g} "
                            f"({v.status}): {_first_failure(v)}")
    if problems:
        return QuestionResult(lq.id, lq.topic, "coding", "failed", problems[0], tuple(problems[1:]))
    diffs = sum(m.path.suffix == ".diff" for m in found)
    return QuestionResult(lq.id, lq.topic, "coding", "passed",
                          f"reference {ref.score:g}/{ref.max_score:g}; {len(found)} mutant(s) caught "
                          f"({diffs} as diffs); {len(corpus['wrong'])} wrong answer(s) caught; "
                          f"{len(corpus['right'])} right answer(s) pass"
                          + ("; the coach's worked solution passes" if worked is not None else ""),
                          (*flakes, *_stale_note(stale, folder.name), *caught),
                          counts={"exercises": 1, "mutants": len(found), "mutant diffs": diffs,
                                  "wrong": len(corpus["wrong"]), "right": len(corpus["right"]),
                                  "coach solutions": int(worked is not None)})


def _stale_note(stale: list[str], exercise: str) -> list[str]:
    if not stale:
        return []
    return [f"{len(stale)} kill hint(s) stale: the grading at verify's seed no longer runs the case, it no "
            f"longer fails its file alone, or the reference fails it alone too ({', '.join(stale[:3])}); "
            f"`python -m dlprep.kill_hints {exercise}` finds them again"]


def full_marks(v: Any) -> bool:
    """Every check passed and every point earned (what a reference and a right answer must score)."""
    return bool(v.status == "pass" and v.score == v.max_score)


def _hit_time_limit(v: Any) -> bool:
    """A run or a case that ran out of time (the families word a case's limit each their own way)."""
    return any(t.status == "timeout" or any(w in (t.message or "") for w in ("did not finish", "timed out"))
               for t in v.tests)


def check_spot_bugs(lqs: list[LoadedQuestion], grader: Any, env: Environment) -> list[QuestionResult]:
    """The cards of one exercise: the line key must name real lines of the shown code, and a stored
    input must make the wrong code and the reference differ (a card without one passes on its lines
    alone, saying so). Every stored input is proved in one sandbox job (each card still in processes
    of its own): start-up, warm-up and the exercise's reference are paid once per exercise."""
    t0 = time.monotonic()
    done: dict[str, QuestionResult] = {}
    todo: list[LoadedQuestion] = []
    for lq in lqs:
        reason = env.lacks(lq.q.requires)
        r = QuestionResult(lq.id, lq.topic, lq.q.type, "skipped", reason) if reason else _card_unrun(lq)
        if r is None:
            todo.append(lq)
        else:
            done[lq.id] = r
    proofs = spotbug.ExposeRunner(grader.sandbox, paths.exercises_dir()).prove_batch([lq.q for lq in todo])
    share = round((time.monotonic() - t0) / max(1, len(todo)), 3)  # the job's time, spread over its cards
    for lq, proof in zip(todo, proofs, strict=True):
        done[lq.id] = QuestionResult(**{**asdict(_card_proof(lq, proof)), "duration_s": share})
    return [done[lq.id] for lq in lqs]


def _card_unrun(lq: LoadedQuestion) -> QuestionResult | None:
    """A card's verdict when no input must be run (a bad line key, lines only), else None."""
    q: models.SpotBugQuestion = lq.q
    n = len(q.code.splitlines())
    if not q.hunks or not all(1 <= line <= n for h in q.hunks for line in h):
        return QuestionResult(lq.id, lq.topic, q.type, "failed", f"line key {q.hunks} is not within the {n} lines")
    if q.lines_only:
        return QuestionResult(lq.id, lq.topic, q.type, "passed", f"{_where(q)}; lines only: {q.lines_only}")
    if q.expose is None:
        return QuestionResult(lq.id, lq.topic, q.type, "passed", f"{_where(q)}; no exposing input stored (lines only)")
    return None


def _card_proof(lq: LoadedQuestion, proof: spotbug.Proof) -> QuestionResult:
    q: models.SpotBugQuestion = lq.q
    if not proof.differs:
        return QuestionResult(lq.id, lq.topic, q.type, "failed",
                              f"its stored input does not expose the bug: {proof.message}", (f"input: {q.expose}",))
    return QuestionResult(lq.id, lq.topic, q.type, "passed", f"{_where(q)}; input proved: {proof.message}",
                          evidence=evidence.PROVED)


def _where(q: models.SpotBugQuestion) -> str:
    return f"lines {', '.join(str(h[0]) if len(h) == 1 else f'{h[0]}-{h[-1]}' for h in q.hunks)}"


def _first_failure(v: Any) -> str:
    first = next((t for t in v.tests if t.status not in ("pass", "skip")), None)
    return f"{v.status} ({first.name if first else '?'}: {(first.message or '')[:80] if first else ''})"


# ---------------------------------------------------------------- snippets, batched

SNIPPET_BATCH_HARNESS = "dlprep.checkers.sandbox.snippet:run_batch"
SNIPPET_PARALLEL = 1  # runs at once inside one batch: the executor's workers already fill the cores


def snippet_jobs(lq: LoadedQuestion, env: Environment) -> list[dict[str, Any]]:
    """The sandbox jobs verify_question runs for a question proved by snippets (output, probe,
    code judge), once per run it makes (an output snippet twice, a probe once: _check_snippet);
    [] for any other question."""
    q = lq.q
    if env.lacks(q.requires):
        return []
    codes: list[str] = []
    if isinstance(q, models.OutputQuestion):
        codes += [q.shown().code] * 2
        if q.params:
            from dlprep import variants

            for values in variants.seeded_draws(q, DRAWS, zlib.crc32(q.id.encode())):
                codes += [q.variant(values, "").code] * 2
    elif isinstance(q, models.ShortQuestion | models.TrueFalseQuestion | models.ChoiceQuestion) and q.probe:
        codes += [q.probe]
    jobs = [snippet_job(code, lq.id, SNIPPET_TIMEOUT_S) for code in codes]
    if isinstance(q, models.ShortQuestion) and q.judge:
        jobs += [judge_job(q.judge, form, q.id) for form in q.answers]
    return jobs


class _Replay:
    """A sandbox stand-in that answers each job with a run made ahead in a batch, in the order
    they were made; a job the batch did not run (a retry after a timeout) goes to the real sandbox."""

    def __init__(self, sandbox: Any, runs: dict[tuple[str, str], deque[Any]]):
        self.sandbox = sandbox
        self.runs = runs

    def run(self, job: dict[str, Any], payload: bytes = b"") -> Any:
        ahead = self.runs.get((job["source"], job["filename"]))
        return ahead.popleft() if ahead else self.sandbox.run(job, payload)


def _run_result(run: dict[str, Any], level: str) -> Any:
    """One run of a batch as the sandbox client's RunResult (its facts re-encoded on this side)."""
    from dlprep.checkers.sandbox import wire
    from dlprep.checkers.sandbox.client import RunResult

    ok = run.get("status") == "ok"
    return RunResult(ok, wire.dumps(run["facts"]) if ok else b"", run.get("problem"), str(run.get("status", "error")),
                     str(run.get("stdout", "")), str(run.get("stderr", "")), bool(run.get("truncated")),
                     float(run.get("seconds", 0.0)), level)


def check_snippets(lqs: list[LoadedQuestion], grader: Any, env: Environment) -> list[QuestionResult]:
    """Questions proved by snippets (one topic's): every run they need is made in one sandbox job,
    then each question is judged by verify_question on its own runs, reported on its own, with the
    time of its own runs."""
    # A question that needs CUDA runs its snippets in jobs of their own, with CUDA's address-space
    # room (code_judge.snippet_job): the batch's runs share one job's limits
    planned = {lq.id: [] if "cuda" in (lq.q.requires or []) else snippet_jobs(lq, env) for lq in lqs}
    jobs = [j for lq in lqs for j in planned[lq.id]]
    runs: dict[tuple[str, str], deque[Any]] = {}
    seconds: dict[str, float] = {}
    if jobs:
        per_run = SNIPPET_TIMEOUT_S + 5
        batch = {"harness": SNIPPET_BATCH_HARNESS, "runs": [{"source": j["source"], "filename": j["filename"]}
                                                             for j in jobs],
                 "run_timeout": max(float(j["timeout"]) for j in jobs), "parallel": SNIPPET_PARALLEL,
                 "timeout": per_run * len(jobs) / SNIPPET_PARALLEL + per_run,
                 "limits": {"cpu_s": int(SNIPPET_TIMEOUT_S * 4)}, "warm": jobs[0]["warm"]}
        run = grader.sandbox.run(batch)
        from dlprep.checkers.sandbox import wire

        try:
            outcomes = wire.loads(run.result)["runs"] if run.ok else []
            assert isinstance(outcomes, list)
        except Exception:  # noqa: BLE001 - no batch result: every job goes to the sandbox one by one
            outcomes = []
        if len(outcomes) == len(jobs):
            owner = [lq.id for lq in lqs for _ in planned[lq.id]]
            for j, o, who in zip(jobs, outcomes, owner, strict=True):
                runs.setdefault((j["source"], j["filename"]), deque()).append(_run_result(o, run.level))
                seconds[who] = seconds.get(who, 0.0) + float(o.get("seconds", 0.0))
    replay = SimpleNamespace(sandbox=_Replay(grader.sandbox, runs))
    out = []
    for lq in lqs:
        r = verify_question(lq, replay, env)
        out.append(QuestionResult(**{**asdict(r), "duration_s": round(r.duration_s + seconds.get(lq.id, 0.0), 3)}))
    return out


# ---------------------------------------------------------------- coverage

def coverage(catalog: Catalog) -> list[QuestionResult]:
    """Counts, contrast pairs and exercises per topic; exercises per checker family."""
    out = []
    families: Counter[str] = Counter()
    for t in catalog.registry.topics:
        qs = catalog.by_topic.get(t.id, [])
        problems = []
        written = [lq for lq in qs if not isinstance(lq.q, models.SpotBugQuestion)]  # generated cards do not count
        if len(written) < t.min_questions:
            problems.append(f"{len(written)} question(s), needs at least {t.min_questions}")
        asked = {frozenset(lq.q.contrast) for lq in qs if lq.q.contrast}
        missing = [f"{a} vs {b}" for a, b in t.pairs if frozenset((a, b)) not in asked]
        if missing:
            problems.append("contrast not asked: " + ", ".join(missing))
        coding = [lq.q for lq in qs if isinstance(lq.q, models.CodingQuestion)]
        cards = [lq.q for lq in qs if isinstance(lq.q, models.SpotBugQuestion)]
        unproved = sorted({c.exercise for c in coding} - {c.exercise for c in cards if c.expose})
        if unproved:
            problems.append("no spot-the-bug card with a stored exposing input for " + ", ".join(unproved))
        families.update(c.checker for c in coding)
        if t.exercise and not any(c.checker == t.exercise for c in coding):
            problems.append(f"no {t.exercise} exercise")
        status: Outcome = "failed" if problems else "passed"
        out.append(QuestionResult(f"coverage:{t.id}", t.id, "coverage", status, "; ".join(problems),
                                  details=(f"{len(qs)} question(s)",)))
    for fam in catalog.registry.checker_families:
        need = catalog.registry.min_exercises_per_family
        n = families[fam]
        out.append(QuestionResult(f"coverage:family:{fam}", "checker families", "coverage",
                                  "passed" if n >= need else "failed",
                                  "" if n >= need else f"checker family {fam} has {n} exercise(s), needs {need}"))
    return out


# ---------------------------------------------------------------- executors

@dataclass(frozen=True)
class VerifyTask:
    """Work for a worker (a thread here, a Ray actor elsewhere): plain, picklable data. One
    question, or the spot-the-bug cards of one exercise (proved together in one sandbox job)."""

    lqs: tuple[LoadedQuestion, ...]
    env: Environment


def verify_task(grader: Any, task: VerifyTask) -> list[QuestionResult]:
    lqs = list(task.lqs)
    try:
        if all(isinstance(lq.q, models.SpotBugQuestion) for lq in lqs):
            return check_spot_bugs(lqs, grader, task.env)
        if len(lqs) > 1 or snippet_jobs(lqs[0], task.env):
            return check_snippets(lqs, grader, task.env)
        return [verify_question(lqs[0], grader, task.env)]
    except Exception as e:  # a bug in a checker must fail those questions, not the run
        return [QuestionResult(lq.id, lq.topic, lq.q.type, "failed", f"verifier crashed: {type(e).__name__}: {e}")
                for lq in lqs]


def _tasks(selection: list[LoadedQuestion], env: Environment,
           cost: Callable[[LoadedQuestion], float] | None = None) -> list[VerifyTask]:
    """The longest work first (by what each item took on the last run, else by kind), so that the
    long tail does not end up on one worker while the other idles: one task per exercise (and per
    other question), one per exercise for its spot-the-bug cards and one per topic for the
    questions proved by snippets (each batch is one sandbox job, so it is costed as one)."""
    cards: dict[str, list[LoadedQuestion]] = {}
    snippets: dict[str, list[LoadedQuestion]] = {}
    tasks = []
    for lq in sorted(selection, key=lambda lq: lq.id):
        if isinstance(lq.q, models.SpotBugQuestion):
            cards.setdefault(lq.q.exercise, []).append(lq)
        elif snippet_jobs(lq, env):
            snippets.setdefault(lq.topic, []).append(lq)
        else:
            tasks.append(VerifyTask((lq,), env))
    tasks += [VerifyTask(tuple(b), env) for b in (*cards.values(), *snippets.values())]
    known = cost or (lambda lq: verify_record.DEFAULT_COST_S.get(lq.q.type, 1.0))
    return sorted(tasks, key=lambda t: -sum(map(known, t.lqs)))


class LocalExecutor(executors.LocalExecutor):
    """`jobs` warm sandbox workers on this machine (verify's graders: best isolation, the
    exercises' own time limits)."""

    def __init__(self, jobs: int, device: str = "auto"):
        super().__init__(jobs, executors.GraderSpec(device))


def run(catalog: Catalog, selection: list[LoadedQuestion], executor: executors.Executor,
        on_result: Callable[[QuestionResult], None] = lambda r: None, with_coverage: bool = True,
        record: VerifyRecord | None = None, changed: bool = False) -> VerifyReport:
    """Verify the selection through any executor (local threads, Ray actors): same verdicts.
    With a `record`, the order follows its costs and it learns this run's costs and passes (saved
    at the end); with `changed` too, an item whose content has a recorded pass is not run again."""
    env = environment()
    machine = {**verify_record.versions(), **env.to_json()}
    fps = {lq.id: verify_record.fingerprint(lq, machine) for lq in selection} if record is not None else {}
    results: list[QuestionResult] = []
    todo = selection
    if record is not None and changed:
        todo = []
        for lq in selection:
            kept = record.passed(lq, fps[lq.id])
            if kept is None:
                todo.append(lq)
                continue
            r = QuestionResult(**{**kept, "details": tuple(kept.get("details", ())), "duration_s": 0.0,
                                  "recorded": True})
            results.append(r)
            on_result(r)

    def each(task: VerifyTask, rs: list[QuestionResult]) -> None:
        for r in rs:
            on_result(r)

    tasks = _tasks(todo, env, record.cost if record is not None else None)
    results += [r for rs in executor.map(verify_task, tasks, each) for r in rs]
    if record is not None:
        for r in results:
            record.update(r, fps.get(r.id))
        record.save()
    return VerifyReport(tuple(sorted(results, key=lambda r: r.id)),
                        tuple(coverage(catalog)) if with_coverage else (), env.to_json())
