"""What every checker family shares: cases, the exercise's trusted check.py, the judging loop.

An exercise folder `reference_impls/<name>/` holds starter.py, reference.py, mutants/ (diffs) and a
trusted `check.py` that the grader (never the sandbox) imports. For call-style families it defines
`public_cases() -> list[Case]`, `hidden_cases(gen, n) -> list[Case]` and `oracle(*args, **kwargs)`,
the obviously-correct answer, usually torch's own operator.
"""

from __future__ import annotations

import copy
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import torch

from dlprep import paths
from dlprep.checkers import contract
from dlprep.checkers.compare import compare_described
from dlprep.checkers.sandbox import harness, warmups
from dlprep.errors import UsageError
from dlprep.models import CodingQuestion
from dlprep.results import CheckResult, Status, Trust


@dataclass
class Case:
    name: str
    args: tuple[Any, ...]
    kwargs: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Exercise:
    question: CodingQuestion
    folder: Path
    check: ModuleType

    @property
    def config(self) -> dict[str, Any]:
        return dict(self.question.config)


# check.py modules by (path, mtime, size): executing one costs ~10 ms, and a warm grader (verify,
# batch grading) loads the same exercise for every file it grades. An edited file is loaded anew.
_CHECKS: dict[tuple[str, int, int], ModuleType] = {}


def load_exercise(q: CodingQuestion) -> Exercise:
    folder = paths.exercises_dir() / q.exercise
    check_file = folder / "check.py"
    if not check_file.is_file():
        raise UsageError(f"exercise {q.exercise} has no check.py (looked in {folder})")
    st = check_file.stat()
    key = (str(check_file.resolve()), st.st_mtime_ns, st.st_size)
    mod = _CHECKS.get(key)
    if mod is None:
        spec = importlib.util.spec_from_file_location(f"dlprep_check_{q.exercise}", check_file)
        assert spec is not None and spec.loader is not None
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        _CHECKS[key] = mod
    return Exercise(q, folder, mod)


def _clone(x: Any) -> Any:
    """A copy with the same layout (storage size, offset, strides) as the child receives."""
    if isinstance(x, torch.Tensor):
        return torch.empty(0, dtype=x.dtype).set_(x.untyped_storage().clone(), x.storage_offset(),
                                                  x.size(), x.stride())
    return copy.deepcopy(x)


def _case_label(case: Case) -> str:
    shapes = [tuple(a.shape) if isinstance(a, torch.Tensor) else a for a in case.args]
    text = ", ".join(map(str, shapes))
    return text if len(text) < 120 else text[:117] + "..."


class Family:
    """Call-style family: the child calls `entry(*args)` per case; the grader compares with the oracle."""

    name = "base"
    # "module:function" run in the sandbox beside the user's code: each family's child.py
    child_harness = "dlprep.checkers.families.tensor_fn.child:run_child"
    properties: tuple[str, ...] = ()  # tensor facts that must match the oracle's, besides values
    default_hidden = 8
    timeout_s = 30.0
    # Address-space limit for a CUDA run, where the default limit is too small: CUDA reserves far
    # more virtual memory than it uses. None keeps the worker's default.
    cuda_address_space_mb: int | None = None
    # The check that gathers what only the submission's own process could see (trust "reported",
    # advisory under strict isolation). `observed` names those facts; empty: the family has none
    # beyond the inputs left unchanged ("memory", for cases with tensor arguments).
    reported_name = "memory"
    observed = ""
    # The run must open TCP sockets on 127.0.0.1 (torchrun's rendezvous): a sandbox that closes the
    # network without a network namespace of its own (seccomp, Landlock) closes loopback as well.
    needs_loopback = False
    # Trusted warm-ups its runs want in the template (sandbox/warmups.py). Dynamo by default: an
    # optimizer's step, torch.func or checkpoint import it, ~2.5 s a run where the template lacks it;
    # families whose runs never reach it leave it out, and their one-off gradings start sooner.
    warm: tuple[str, ...] = (warmups.DYNAMO,)
    # Said in one line by strict isolation when a run is left with no verified check at all.
    unverified_note = "every check of this run rests on what the submission's own process reported"

    # Per-case caches (dicts keyed by id(case)) holding what the cases and the trusted oracle alone
    # decide, never anything a run reported: `share` lets every grading of the same cases (one
    # exercise at one seed, in one Grader: verify grades ~25 files so) reuse them.
    shared_caches: tuple[str, ...] = ("_oracle_results", "_once")

    def __init__(self, ex: Exercise):
        self.ex = ex
        self.config = ex.config
        self.device = "cpu"  # the device of the run being graded (set by job)
        self._observations: dict[int, str] = {}  # id(case) -> its first reported problem
        # id(case) -> the oracle's described result or what it raised: asked for by judge_case and
        # reported_problem, and the oracle of a big case is the costliest step of the judging
        self._oracle_results: dict[int, tuple[dict[str, Any] | None, Exception | None]] = {}
        self._once: dict[int, dict[str, Any]] = {}  # id(case) -> {what: a trusted result}, see `once`

    def share(self, memo: dict[str, dict[int, Any]]) -> None:
        """Use `memo`'s per-case caches (filled by an earlier grading of the very same case objects)."""
        for name in self.shared_caches:
            setattr(self, name, memo.setdefault(name, getattr(self, name)))

    def once(self, case: Case, what: str, compute: Callable[[], Any]) -> Any:
        """A trusted result about `case` (the oracle's output, a probe of it), computed once however
        many files are judged on the same case (see `share`); each asker gets a copy of its own."""
        kept = self._once.setdefault(id(case), {})
        if what in kept:
            return copy.deepcopy(kept[what])
        value = compute()
        try:
            kept[what] = copy.deepcopy(value)
        except RuntimeError:  # a tensor inside that cannot be copied (one with a grad_fn): not kept
            pass
        return value

    def observe(self, case: Case, problem: str | None) -> None:
        """Record a problem with a fact observed beside the user's code (hooks left, a grad_fn's
        name, a graph count): judged in the reported check, never in the case's verified one, so
        a forged fact can neither pass nor mask a case under strict isolation."""
        if problem and id(case) not in self._observations:
            self._observations[id(case)] = problem

    def cases(self, seed: int) -> tuple[list[Case], list[Case]]:
        gen = torch.Generator().manual_seed(seed)
        n = int(self.config.get("hidden", self.default_hidden))
        hidden = list(self.ex.check.hidden_cases(gen, n))
        return list(self.ex.check.public_cases()), hidden + self.contract_cases(seed)

    def contract_cases(self, seed: int) -> list[Case]:
        """Hidden cases drawn from the exercise's contract (checkers/contract.py): a pairwise
        covering set of its stated domain plus random points, all from this grading's seed."""
        declared = contract.load(self.ex.folder)
        if declared is None:
            return []
        return [self.contract_case(point, seed) for point in dict.fromkeys(declared.points(seed))]

    def contract_case(self, point: contract.Point, seed: int) -> Case:
        """The case of one contract point: its inputs depend on the seed and the point alone, so a
        point found by shrinking, or named with `--case`, rebuilds the same inputs."""
        case: Case = self.ex.check.contract_case(dict(point), contract.generator(seed, point))
        case.name = contract.case_name(point)
        return case

    def contract_named(self, name: str, seed: int) -> Case | None:
        """`--case 'contract[axis=value,...]'`: that point's case (axes left out at their baseline),
        None when the name is no contract point."""
        declared = contract.load(self.ex.folder)
        point = contract.parse_name(declared, name) if declared is not None else None
        return None if point is None else self.contract_case(point, seed)

    def job(self, source: str, filename: str, device: str) -> dict[str, Any]:
        self.device = device
        job: dict[str, Any] = {"harness": self.child_harness, "source": source, "filename": filename,
                               "entry": self.ex.question.entry, "device": device,
                               "timeout": float(self.config.get("timeout", self.timeout_s)),
                               "env": {"TRITON_INTERPRET": "1" if device == "cpu" else "0"}}
        if self.warm:
            job["warm"] = list(self.warm)
        if device == "cuda" and self.cuda_address_space_mb:
            job["limits"] = {"mem_mb": self.cuda_address_space_mb}
        return job

    def payload(self, cases: list[Case]) -> bytes:
        return harness.dump({"cases": [{"args": list(c.args), "kwargs": c.kwargs} for c in cases]})

    def tolerances(self) -> tuple[float | None, float | None]:
        rtol, atol = self.config.get("rtol"), self.config.get("atol")
        return (float(rtol) if rtol is not None else None,
                float(atol) if atol is not None else None)

    def error_scale(self, case: Case) -> Any:
        """The magnitude of the terms each output element sums, from the exercise's
        `error_scale(*args, **kwargs)` where it has one (compare.compare_tensor), else None."""
        fn = getattr(self.ex.check, "error_scale", None)
        return None if fn is None else fn(*case.args, **case.kwargs)

    def judge_case(self, case: Case, fact: dict[str, Any]) -> CheckResult:
        """One case: error or wrong output -> fail, with the reason. Verified: the values (and any
        layout the exercise asks for) are compared here with the oracle's, from plain data."""
        label = _case_label(case)
        try:
            expected = self.expected(case)
            oracle_error: Exception | None = None
        except Exception as e:  # torch itself raises on these inputs: so must the solution
            expected, oracle_error = {}, e
        if "error" in fact:
            err = fact["error"]
            if err.get("notimpl"):
                return CheckResult(case.name, "unattempted", message="not implemented yet", trust="verified")
            if oracle_error is not None:
                return CheckResult(case.name, "pass", message=f"raised {err['type']}, as torch raises "
                                   f"{type(oracle_error).__name__}", details={"inputs": label}, trust="verified")
            at = f" (line {err['line']})" if err.get("line") else ""
            return CheckResult(case.name, "fail", message=f"raised {err['type']}{at}: {err['message']}",
                               details={"inputs": label}, trust="verified")
        if getattr(self.ex.check, "KEEP_GLOBAL_RNG", False) and fact.get("global_rng_changed"):
            # seen inside the submission's process: a reported fact, the case's values still decide it
            streams = " and ".join(fact["global_rng_changed"]) if isinstance(fact["global_rng_changed"], list) \
                else "torch"
            self.observe(case, f"the call changed the global {streams} RNG state (a seed or a draw without "
                               "generator=): draw only from your own torch.Generator, so the caller's random streams "
                               "are left as they were")
        if oracle_error is not None:
            why = " ".join(str(oracle_error).split())[:200]
            return CheckResult(case.name, "fail", message=f"torch raises {type(oracle_error).__name__} on these inputs "
                               f"({why}), but the solution returned a result: an invalid input must raise",
                               details={"inputs": label}, trust="verified")
        rtol, atol = self.tolerances()
        props = self.props()
        problem = rebuild_layout(fact["out"], case.args) if props else None
        if problem is not None:
            return CheckResult(case.name, "fail", message=problem, details={"inputs": label}, trust="verified")
        # Which inputs a result aliases lives in the submission's memory alone: what came back is
        # a claim, judged apart (`reported_problem`); the layout it claims was rebuilt above.
        scale = self.error_scale(case)
        c = compare_described(fact["out"], expected, rtol, atol, tuple(p for p in props if p != "shares"),
                              scale=scale)
        if not c.ok:
            return CheckResult(case.name, "fail", message=c.message, details={"inputs": label, **c.details},
                               trust="verified")
        again = self._second_call_problem(fact, expected, rtol, atol, scale)
        if again is not None:
            return CheckResult(case.name, "fail", message=again, details={"inputs": label}, trust="verified")
        return CheckResult(case.name, "pass", details={"inputs": label, **c.details}, trust="verified")

    @staticmethod
    def _second_call_problem(fact: dict[str, Any], expected: dict[str, Any], rtol: float | None,
                             atol: float | None, scale: Any = None) -> str | None:
        """The child called the entry a second time on the same input objects: the values must be
        the same answer again. Judged here from values, so a changed input (or hidden state) is
        a verified failure, not only a reported fact."""
        again = fact.get("again")
        if again is None:  # a family whose child does not repeat the call
            return None
        if again.get("kind") == "error":
            err = again.get("error") or {}
            return (f"a second call on the same inputs raised {err.get('type')}: the first call changed its "
                    "inputs in place or left state behind")
        c = compare_described(again, expected, rtol, atol, scale=scale)
        if not c.ok:
            return (f"a second call on the same inputs gave another result ({c.message}): the first call "
                    "changed its inputs in place or left state behind")
        return None

    def props(self) -> tuple[str, ...]:
        return tuple(self.config.get("properties", self.properties))

    def expected(self, case: Case) -> dict[str, Any]:
        hit = self._oracle_results.get(id(case))
        if hit is None:
            args = tuple(_clone(a) for a in case.args)
            try:
                hit = (harness.describe(self.ex.check.oracle(*args, **copy.deepcopy(case.kwargs)),
                                        harness.storage_ptrs(args)), None)
            except Exception as e:  # torch raises on these inputs: every asker is told so
                hit = (None, e)
            self._oracle_results[id(case)] = hit
        if hit[1] is not None:
            raise hit[1]
        assert hit[0] is not None
        return hit[0]

    def memory_claim(self) -> str:
        if self.observed:
            return f"as the run reported them: {self.observed}"
        what = "inputs left unchanged"
        return what + (", results share the inputs' storage as required" if "shares" in self.props() else "")

    def reported_problem(self, case: Case, fact: dict[str, Any]) -> str | None:
        """What only the submission's own process could tell: whether it changed an input in place
        (as the child saw the inputs after the call), which inputs its result aliases, and what the
        family's judge `observe`d."""
        if id(case) in self._observations:
            return self._observations[id(case)]
        for i, (before, after) in enumerate(zip(case.args, fact.get("after", []), strict=False)):
            if isinstance(before, torch.Tensor) and isinstance(after, torch.Tensor):
                if not torch.equal(torch.nan_to_num(before), torch.nan_to_num(after)):
                    return f"modified its input argument {i} in place"
        if "shares" in self.props():
            try:
                expected = self.expected(case)
            except Exception:  # torch raises here: judge_case has failed the returned result already
                return None
            c = compare_described(fact["out"], expected, None, None, ("shares",))
            if not c.ok:
                return c.message
        return None

    def result_problem(self, public: list[Case], hidden: list[Case], facts: dict[str, Any]) -> str | None:
        """Why the run's results cannot be judged as a whole, or None. The grader sent
        len(public) + len(hidden) cases and needs exactly one result (a dict) per case, in order:
        fewer (a submission that empties the harness's case list after the public ones), more or
        anything else fails closed, since judging what came back would score the cases never run
        as if they had passed."""
        sent = len(public) + len(hidden)
        got = facts.get("cases")
        if not isinstance(got, list):
            return f"the run returned no list of case results ({sent} cases were sent)"
        if len(got) != sent or not all(isinstance(f, dict) for f in got):
            return (f"{sent} cases were sent ({len(public)} public, {len(hidden)} hidden) and the run returned "
                    f"{len(got)} case results" + ("" if len(got) != sent else ", not all of them results") +
                    ": a verdict needs exactly one result per case, so this run does not count")
        return None

    def judge(self, public: list[Case], hidden: list[Case], facts: dict[str, Any]
              ) -> tuple[list[CheckResult], dict[str, int]]:
        results = facts["cases"]
        tests = []
        for case, fact in zip(public, results, strict=False):
            r = self.judge_case(case, fact)
            tests.append(CheckResult(f"public/{r.name}", r.status, 1.0 if r.status == "pass" else 0.0, 1.0,
                                     r.message, details=r.details, trust=r.trust))
        hidden_results = [self.judge_case(c, f) for c, f in zip(hidden, results[len(public):], strict=False)]
        passed = sum(r.status == "pass" for r in hidden_results)
        if hidden:
            first_bad = next((r for r in hidden_results if r.status != "pass"), None)
            # a pass needs every hidden case judged and passed, not merely no failure among those judged
            status: Status = "pass" if first_bad is None and passed == len(hidden) else (
                "fail" if first_bad is None else
                "unattempted" if all(r.status == "unattempted" for r in hidden_results) else "fail")
            msg = f"{passed}/{len(hidden)} hidden cases passed"
            if first_bad is not None and first_bad.status in ("fail", "timeout"):  # a hang says so too
                msg += f"; first failure: {first_bad.message}"
            trust: Trust = "verified" if all(r.trust == "verified" for r in hidden_results) else "reported"
            details = {**first_bad.details, "case": first_bad.name} if first_bad else {}
            tests.append(CheckResult(f"hidden ({len(hidden)} cases)", status, float(passed), float(len(hidden)),
                                     msg, details=details, trust=trust))
        claims = [(c.name, m) for c, f in zip(public + hidden, results, strict=False)
                  if "error" not in f and (m := self.reported_problem(c, f))]
        if self.observed or any(isinstance(a, torch.Tensor) for c in public + hidden for a in c.args):
            name = self.reported_name
            tests.append(CheckResult(name, "fail", message=f"{claims[0][1]} (case {claims[0][0]})",
                                     trust="reported") if claims else
                         CheckResult(name, "pass", message=self.memory_claim(), trust="reported"))
        return tests, {"count": len(hidden), "passed": passed}


def _contiguous(shape: list[int], stride: list[int]) -> bool:
    """torch's own rule: an empty tensor is contiguous; dims of size 1 are skipped, the rest must
    be row-major packed."""
    if 0 in shape:
        return True
    want = 1
    for n, st in zip(reversed(shape), reversed(stride), strict=True):
        if n != 1:
            if st != want:
                return False
            want *= n
    return True


def rebuild_layout(described: dict[str, Any], inputs: tuple[Any, ...]) -> str | None:
    """Check a returned layout from data: contiguity follows from shape and stride, and a claimed
    view of input i must be exactly `as_strided` over the grader's own copy of input i. The
    child's own `contiguous` is replaced by the recomputed one; a claim that does not rebuild fails."""
    kind = described["kind"]
    if kind in ("seq", "dict"):
        items = described["items"]
        for item in items.values() if kind == "dict" else items:
            problem = rebuild_layout(item, inputs)
            if problem is not None:
                return problem
        return None
    if kind != "tensor":
        return None
    value, shape, stride, offset = described["value"], described["shape"], described["stride"], described["offset"]
    if list(value.shape) != list(shape) or len(stride) != len(shape):
        return "the reported layout does not match the returned values' shape"
    described["contiguous"] = _contiguous(shape, stride)
    for i in described["shares"]:
        src = inputs[i] if isinstance(i, int) and 0 <= i < len(inputs) else None
        if not isinstance(src, torch.Tensor):
            return f"claims to share storage with input {i}, which is not a tensor"
        try:
            view = torch.as_strided(_clone(src), shape, stride, offset)
        except RuntimeError:
            return f"claims to view input {i} at offset {offset} with stride {tuple(stride)}, outside its storage"
        if view.dtype != value.dtype or not torch.equal(torch.nan_to_num(view), torch.nan_to_num(value)):
            return f"claims to be a view of input {i}, but rebuilding that view does not give the returned values"
    return None
