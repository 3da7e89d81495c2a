"""Grading a solution file: build cases (trusted), run the file in the sandbox, judge, summarise.

    grader = Grader(); verdict = grader.grade(question, Path("solution.py")); grader.close()

The Grader keeps one warm worker for its lifetime, so a quiz session or `verify` pays the torch
import once. Every failure of the user's code is a Verdict; only our own misuse raises.
"""

from __future__ import annotations

import functools
import secrets
import time
from collections import OrderedDict
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import torch

from dlprep import uploads
from dlprep.checkers import registry, repro, rules, shrink
from dlprep.checkers.base import Case, Family, load_exercise
from dlprep.checkers.oracle_lock import ORACLE_LOCK
from dlprep.checkers.sandbox import enforce, wire
from dlprep.checkers.sandbox.client import RunResult, Sandbox
from dlprep.checkers.sandbox.container import shortfall
from dlprep.checkers.sandbox.isolation import USERNS_HINT, stops
from dlprep.errors import SandboxError, UsageError
from dlprep.exercise_rules import any_form_rules, starter_header
from dlprep.models import CodingQuestion
from dlprep.results import CheckResult, Isolation, Verdict, summarise

ISOLATIONS = ("full", "container", "best", "strict")  # strict: full, and trust verified
TRUSTS = ("verified", "all")
SHOWN_OUTPUT = 500  # characters of the solution's own output shown per verdict (Exercism's cap)


def resolve_device(device: str) -> str:
    if device not in ("auto", "cpu", "cuda"):
        raise UsageError(f"unknown device {device!r}; use auto, cpu or cuda")
    if device == "cuda" and not torch.cuda.is_available():
        raise UsageError("--device cuda was asked for, but no CUDA device is available")
    if device == "auto":
        return "cuda" if torch.cuda.is_available() else "cpu"
    return device


def _cap(text: str) -> tuple[str, bool]:
    return (text, False) if len(text) <= SHOWN_OUTPUT else (text[:SHOWN_OUTPUT], True)


class Grader:
    def __init__(self, device: str = "auto", timeout: float | None = None, isolation: str = "best",
                 trust: str | None = None, sandbox: Sandbox | None = None):
        # Two questions, two answers. `isolation`: what the sandbox must be before user code runs
        # (full namespaces; container: the container is the boundary, Landlock and seccomp inside;
        # best: whatever this machine gives). `trust`: which checks score (verified: only those
        # decided outside the solution's process; all). "strict" is the old single switch: full
        # isolation and verified checks only.
        if isolation not in ISOLATIONS:
            raise UsageError(f"unknown isolation {isolation!r}; use full, container or best")
        if trust not in (None, *TRUSTS):
            raise UsageError(f"unknown trust {trust!r}; use verified or all")
        self.require = "full" if isolation == "strict" else isolation
        verified = trust == "verified" or (trust is None and isolation == "strict")
        self.isolation: Isolation = "strict" if verified else "best"  # the verdict's scoring mode
        self.device = resolve_device(device)
        self.timeout = timeout  # overrides the exercise's own limit (tests use short ones)
        self.sandbox = sandbox or Sandbox()  # given: one launched before torch was imported here
        # (question, check.py, seed) -> its cases and the oracle's per-case results, for gradings at a seed
        # given (verify's ~25 files per exercise, a class's batch): built once, not once per file
        self._prepared: OrderedDict[tuple[str, int, int], _Prepared] = OrderedDict()

    def close(self) -> None:
        self.sandbox.release()  # parked for this process's next Grader (sandbox/client.py)

    def __enter__(self) -> Grader:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @staticmethod
    def write_starter(q: CodingQuestion, dest: Path, force: bool = False) -> Path:
        src = load_exercise(q).folder / "starter.py"
        if dest.is_dir():
            dest = dest / f"{q.exercise}.py"
        if dest.exists() and not force:
            raise UsageError(f"{dest} already exists; pass --force to overwrite it")
        try:
            dest.parent.mkdir(parents=True, exist_ok=True)
            # the rules are stated from their declaration (config.forbid), not copied into each starter
            dest.write_text(starter_header(q) + src.read_text(encoding="utf-8"), encoding="utf-8")
        except OSError as e:
            raise UsageError(f"cannot write {dest}: {e}") from None
        return dest

    def grade(self, q: CodingQuestion, solution: Path, seed: int | None = None, case: str | None = None) -> Verdict:
        # a regular file of its own, never through a link (see dlprep.uploads)
        return self.grade_source(q, uploads.solution_source(solution), solution.name, seed, case)

    def grade_source(self, q: CodingQuestion, source: str, filename: str = "solution.py",
                     seed: int | None = None, case: str | None = None, shrink_failures: bool = True,
                     public_only: bool = False) -> Verdict:
        """Grade `source`; with `case`, only that case runs (see repro.pick): a rerun of one
        failure, not a grading. `shrink_failures=False` leaves a failing contract case as drawn:
        for callers that need only the verdict (verify's mutants and wrong answers), since each
        shrink step is one more sandbox run. `public_only` runs the public cases alone: a short
        run whose failure is already a failing verdict (verify tries it first on files it expects
        to fail), and whose pass says nothing of the hidden cases."""
        fam: Family = registry.family(q.checker)(load_exercise(q))
        self.sandbox.ensure(fam.warm)  # start-up of the warm worker is not part of a grading's time
        if missing := shortfall(self.require, self.sandbox.level):
            raise SandboxError(f"--isolation {self.require} refuses to run the code: {missing}")
        t0 = time.monotonic()
        level = self.sandbox.level
        layers = set(level.split("+"))
        if fam.needs_loopback and "netns" not in layers and layers & {"seccomp-net", "landlock-net"}:
            raise SandboxError(f"this exercise runs torchrun, whose rendezvous needs TCP on 127.0.0.1, and this "
                               f"machine's sandbox ({level}) closes the network by refusing TCP altogether, "
                               f"loopback included; to grade it here, {USERNS_HINT}")
        tests: list[CheckResult] = []
        forbid = list(fam.config.get("forbid", []))
        for line, rule in rules.violations(source, forbid):
            tests.append(CheckResult("rules", "fail", 0.0, 0.0,
                                     f"line {line}: forbidden call {rule} (the exercise forbids it; the score is 0)",
                                     details={"rule": rule, "line": line}, trust="verified"))
        run_seed = secrets.randbits(63) if seed is None else seed
        with ORACLE_LOCK:  # trusted work in this process: one grading thread at a time (oracle_lock.py)
            # with a seed, one case is picked from the prepared ones: its oracle results are shared too
            prep = self._prepare(q, fam, run_seed) if seed is not None else None
            if prep is not None:
                public, hidden = list(prep.public), list(prep.hidden)
                prep.prune()
                fam.share(prep.memo)
            else:
                public, hidden = fam.cases(run_seed)
            if public_only:
                if not public:
                    raise UsageError(f"{q.id} has no public cases to run alone")
                hidden = []
            if case is not None:
                public, hidden = repro.pick(public, hidden, case, seeded=seed is not None,
                                            build=lambda n: fam.contract_named(n, run_seed))
        run = self.sandbox.run(self._job(fam, source, filename, forbid), fam.payload(public + hidden))
        sandbox_info = {"level": run.level, "network": not stops(run.level, "network")}
        hidden_summary = {"count": len(hidden), "passed": 0}
        out, cut = _cap(run.stdout)
        if run.truncated:  # fail closed: a flood of output is never graded as if it were fine
            tests.append(CheckResult("output", "error", message="the solution printed more than 1 MB; "
                                     "its output was cut and the run does not count", trust="verified"))
        facts = self._facts(run, tests)
        if facts is not None:
            if "load_error" in facts:
                err = facts["load_error"]
                at = f"line {err['line']}: " if err.get("line") else ""
                # verified: a forged load error only hurts its author, so trusting it costs nothing,
                # and verified-only scoring then shows the SyntaxError itself, not "no check left"
                tests.append(CheckResult("load", "error", message=f"{at}{err['type']}: {err['message']}",
                                         trust="verified"))
            elif (problem := fam.result_problem(public, hidden, facts)) is not None:
                # fail closed: the grader knows what it sent, and a partial answer is not a verdict
                tests.append(CheckResult("results", "error", message=problem, trust="verified"))
            else:
                with ORACLE_LOCK:
                    judged, hidden_summary = fam.judge(public, hidden, facts)
                if case is None and shrink_failures:
                    judged = [shrink.report(t, fam, run_seed, lambda cases: self._run_hidden(fam, source, filename,
                                                                                             forbid, cases))
                              for t in judged]
                tests.extend(judged)
                tests.extend(_leftovers(facts))
            tests.extend(_runtime_rule_hits(facts, tests))
        if any(t.name == "rules" for t in tests):  # a forbidden shortcut earns nothing
            tests = [replace(t, score=0.0) for t in tests]
        if self.isolation == "strict" and not any(t.trust == "verified" for t in tests):
            # fails closed, and says why in one line rather than with an empty verdict
            tests.append(CheckResult("strict", "error", trust="verified", message=(
                f"--trust verified scores verified checks only, and none is left: {fam.unverified_note}")))
        return summarise(q.id, tests, time.monotonic() - t0, sandbox_info, hidden_summary,
                         stdout=out, stderr=_cap(run.stderr)[0], truncated=cut or run.truncated,
                         isolation=self.isolation)

    def public_count(self, q: CodingQuestion, seed: int) -> int:
        """How many public cases a grading of `q` at `seed` runs (0: public_only has nothing to run)."""
        fam: Family = registry.family(q.checker)(load_exercise(q))
        with ORACLE_LOCK:
            return len(self._prepare(q, fam, seed).public)

    def case_names(self, q: CodingQuestion, seed: int) -> set[str]:
        """The names of the cases a grading of `q` at `seed` runs, public and hidden."""
        fam: Family = registry.family(q.checker)(load_exercise(q))
        with ORACLE_LOCK:
            prep = self._prepare(q, fam, seed)
            return {c.name for c in (*prep.public, *prep.hidden)}

    PREPARED_KEPT = 4  # questions whose cases are kept (verify grades one exercise's files in a row)

    def _prepare(self, q: CodingQuestion, fam: Family, seed: int) -> _Prepared:
        """The cases of `q` at `seed`, built once and reused while kept. Sound because a case is
        built from the seed alone and is never changed after: the child gets a serialised copy,
        and judges read cases, the oracle's results are computed from clones."""
        # the question as loaded (its config: hidden counts, tolerances) and check.py as loaded: the
        # same id may come with another config (a test's own question) or an edited check.py
        key = (q.model_dump_json(), id(fam.ex.check), seed)
        prep = self._prepared.get(key)
        if prep is None:
            public, hidden = fam.cases(seed)
            prep = self._prepared[key] = _Prepared(tuple(public), tuple(hidden), {})
            while len(self._prepared) > self.PREPARED_KEPT:
                self._prepared.popitem(last=False)
        self._prepared.move_to_end(key)
        return prep

    def _job(self, fam: Family, source: str, filename: str, forbid: list[str]) -> dict[str, Any]:
        job: dict[str, Any] = fam.job(source, filename, self.device)
        job["forbid"] = forbid  # enforced where the calls run too (sandbox/enforce.py)
        if any_form := any_form_rules(fam.ex.question):  # ... and below Python, on the aten ops they reach
            job["forbid_ops"] = dict(_aten_rules(tuple(any_form)))
        if self.timeout is not None:
            job["timeout"] = self.timeout
        return job

    def _run_hidden(self, fam: Family, source: str, filename: str, forbid: list[str],
                    cases: list[Case]) -> CheckResult | None:
        """Run `cases` as the only hidden cases of a fresh run and judge them (the shrinker's probe);
        None when the run itself failed, which says nothing about the cases."""
        run = self.sandbox.run(self._job(fam, source, filename, forbid), fam.payload(cases))
        facts = self._facts(run, [])
        if facts is None or "load_error" in facts or fam.result_problem([], cases, facts) is not None:
            return None
        with ORACLE_LOCK:
            judged, _ = fam.judge([], cases, facts)
        return next((t for t in judged if t.name.startswith("hidden")), None)

    @staticmethod
    def _facts(run: RunResult, tests: list[CheckResult]) -> dict[str, Any] | None:
        if not run.ok:
            tail = run.stderr.strip().splitlines()[-3:]
            tests.append(CheckResult("run", "timeout" if run.status == "timeout" else "error",
                                     message=run.problem, output="\n".join(tail), trust="verified"))
            return None
        try:
            facts = wire.loads(run.result)
            if not isinstance(facts, dict):
                raise TypeError(f"expected a dict, got {type(facts).__name__}")
            return facts
        except Exception as e:  # a forged or pickled-object result: never loaded unsafely
            tests.append(CheckResult("run", "error", message=f"the result could not be loaded safely ({e})"[:300],
                                     trust="verified"))
            return None


@dataclass(frozen=True)
class _Prepared:
    public: tuple[Case, ...]
    hidden: tuple[Case, ...]
    memo: dict[str, dict[int, Any]]  # Family.share's per-case caches

    def prune(self) -> None:
        """Forget what an earlier grading cached about cases other than these (the shrinker's): those
        died with it, and a new object may be given the same id."""
        kept = {id(c) for c in (*self.public, *self.hidden)}
        for cache in self.memo.values():
            for k in [k for k in cache if k not in kept]:
                del cache[k]


@functools.cache
def _aten_rules(forbid: tuple[str, ...]) -> dict[str, str]:
    """The aten ops an exercise's forbidden callables compute (enforce.forbidden_ops runs torch's own
    callables on sample inputs, no user code): derived once per exercise, sent with every job."""
    return dict(enforce.forbidden_ops(list(forbid)))


def _runtime_rule_hits(facts: dict[str, Any], tests: list[CheckResult]) -> list[CheckResult]:
    """Forbidden calls seen while the code ran (spelled with getattr, eval or an import the source
    rules cannot read, or, where the exercise forbids them in any form, an aten op they compute
    reached by another name): one failing row each, unless a rule already named that line. Seen
    inside the submission's process, so reported: under strict a failing reported check still
    fails the verdict, and forging one gains nothing."""
    known = {(t.details.get("line"), t.details.get("rule")) for t in tests if t.name == "rules"}
    lines = {line for line, _ in known}
    out = []
    hits = facts.get("rule_hits")
    for hit in hits if isinstance(hits, list) else []:
        try:
            line, rule, how = int(hit[0]), str(hit[1]), str(hit[2]) if len(hit) > 2 else ""
        except (TypeError, ValueError, IndexError):
            continue
        if (line, rule) in known or (how and line in lines):
            continue  # the op of a call already named on this line
        known.add((line, rule))
        lines.add(line)
        message = (f"line {line}: forbidden call {rule}, reached at run time (through getattr, eval or an import); "
                   "the exercise forbids it, the score is 0") if not how else (
                   f"line {line}: forbidden operation {how} (what {rule} computes), reached at run time under "
                   f"another name; the exercise forbids it in any form, the score is 0")
        out.append(CheckResult("rules", "fail", 0.0, 0.0, message, details={"rule": rule, "line": line, "via": how},
                               trust="reported"))
    return out


def _leftovers(facts: dict[str, Any]) -> list[CheckResult]:
    """Threads are seen from inside the submission's process (reported); other processes by the
    run's trusted parent once the submission's frame is in (verified)."""
    out = []
    if facts.get("threads"):
        out.append(CheckResult("cleanup", "fail", message=f"the solution left {len(facts['threads'])} thread(s) "
                               f"running: {', '.join(facts['threads'][:3])}"))
    if facts.get("processes"):  # counted by the run's trusted parent, after the solution's own process
        out.append(CheckResult("cleanup", "fail", trust="verified",
                               message=f"the solution left {facts['processes']} process(es) running"))
    return out
