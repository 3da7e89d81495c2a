"""What every checker family shares: cases, the exercise's trusted check.py, the judging loop.

An exercise folder `reference_impls/<name>/` holds starter.py, reference.py, mutants/ (diffs) and a
trusted `check.py` that the grader (never the sandbox) imports. For call-style families it defines
`public_cases() -> list[Case]`, `hidden_cases(gen, n) -> list[Case]` and `oracle(*args, **kwargs)`,
the obviously-correct answer, usually torch's own operator.
"""

from __future__ import annotations

import copy
import importlib.util
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import torch

from dlprep import paths
from dlprep.checkers.compare import compare_described
from dlprep.checkers.sandbox import harness
from dlprep.errors import UsageError
from dlprep.models import CodingQuestion
from dlprep.results import CheckResult, Status


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


def load_exercise(q: CodingQuestion) -> Exercise:
    folder = paths.exercises_dir() / q.exercise
    check_file = folder / "check.py"
    if not check_file.is_file():
        raise UsageError(f"exercise {q.exercise} has no check.py (looked in {folder})")
    spec = importlib.util.spec_from_file_location(f"dlprep_check_{q.exercise}", check_file)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return Exercise(q, folder, mod)


def _clone(x: Any) -> Any:
    """A copy with the same layout (storage size, offset, strides) as the child receives."""
    if isinstance(x, torch.Tensor):
        return torch.empty(0, dtype=x.dtype).set_(x.untyped_storage().clone(), x.storage_offset(),
                                                  x.size(), x.stride())
    return copy.deepcopy(x)


def _ptrs(args: tuple[Any, ...]) -> list[int]:
    return [harness.storage_ptr(a) if isinstance(a, torch.Tensor) and a.numel() else 0 for a in args]


def _case_label(case: Case) -> str:
    shapes = [tuple(a.shape) if isinstance(a, torch.Tensor) else a for a in case.args]
    text = ", ".join(map(str, shapes))
    return text if len(text) < 120 else text[:117] + "..."


class Family:
    """Call-style family: the child calls `entry(*args)` per case; the grader compares with the oracle."""

    name = "base"
    child_harness = "dlprep.checkers.base:call_child"
    properties: tuple[str, ...] = ()  # tensor facts that must match the oracle's, besides values
    default_hidden = 8
    timeout_s = 30.0

    def __init__(self, ex: Exercise):
        self.ex = ex
        self.config = ex.config

    def cases(self, seed: int) -> tuple[list[Case], list[Case]]:
        gen = torch.Generator().manual_seed(seed)
        n = int(self.config.get("hidden", self.default_hidden))
        return list(self.ex.check.public_cases()), list(self.ex.check.hidden_cases(gen, n))

    def job(self, source: str, filename: str, device: str) -> dict[str, Any]:
        return {"harness": self.child_harness, "source": source, "filename": filename,
                "entry": self.ex.question.entry, "device": device,
                "timeout": float(self.config.get("timeout", self.timeout_s)),
                "env": {"TRITON_INTERPRET": "1" if device == "cpu" else "0"}}

    def payload(self, cases: list[Case]) -> bytes:
        return harness.dump({"cases": [{"args": list(c.args), "kwargs": c.kwargs} for c in cases]})

    def tolerances(self) -> tuple[float | None, float | None]:
        rtol, atol = self.config.get("rtol"), self.config.get("atol")
        return (float(rtol) if rtol is not None else None,
                float(atol) if atol is not None else None)

    def judge_case(self, case: Case, fact: dict[str, Any]) -> CheckResult:
        """One case: error, wrong output, or inputs modified in place -> fail, with the reason."""
        label = _case_label(case)
        if "error" in fact:
            err = fact["error"]
            if err.get("notimpl"):
                return CheckResult(case.name, "unattempted", message="not implemented yet")
            at = f" (line {err['line']})" if err.get("line") else ""
            return CheckResult(case.name, "fail", message=f"raised {err['type']}{at}: {err['message']}",
                               details={"inputs": label})
        args = tuple(_clone(a) for a in case.args)
        expected = harness.describe(self.ex.check.oracle(*args, **copy.deepcopy(case.kwargs)), _ptrs(args))
        rtol, atol = self.tolerances()
        props = tuple(self.config.get("properties", self.properties))
        c = compare_described(fact["out"], expected, rtol, atol, props)
        if not c.ok:
            return CheckResult(case.name, "fail", message=c.message, details={"inputs": label, **c.details})
        for i, (before, after) in enumerate(zip(case.args, fact["after"], strict=False)):
            if isinstance(before, torch.Tensor) and isinstance(after, torch.Tensor):
                if not torch.equal(torch.nan_to_num(before), torch.nan_to_num(after)):
                    return CheckResult(case.name, "fail", message=f"modified its input argument {i} in place",
                                       details={"inputs": label})
        return CheckResult(case.name, "pass", details={"inputs": label, **c.details})

    def judge(self, public: list[Case], hidden: list[Case], facts: dict[str, Any]
              ) -> tuple[list[CheckResult], dict[str, int]]:
        results = facts["cases"]
        tests = []
        for case, fact in zip(public, results, strict=False):
            r = self.judge_case(case, fact)
            tests.append(CheckResult(f"public/{r.name}", r.status, 1.0 if r.status == "pass" else 0.0, 1.0,
                                     r.message, details=r.details))
        hidden_results = [self.judge_case(c, f) for c, f in zip(hidden, results[len(public):], strict=False)]
        passed = sum(r.status == "pass" for r in hidden_results)
        if hidden:
            first_bad = next((r for r in hidden_results if r.status != "pass"), None)
            status: Status = "pass" if first_bad is None else (
                "unattempted" if all(r.status == "unattempted" for r in hidden_results) else "fail")
            msg = f"{passed}/{len(hidden)} hidden cases passed"
            if first_bad is not None and first_bad.status == "fail":
                msg += f"; first failure: {first_bad.message}"
            tests.append(CheckResult(f"hidden ({len(hidden)} cases)", status, float(passed), float(len(hidden)),
                                     msg, details=first_bad.details if first_bad else {}))
        return tests, {"count": len(hidden), "passed": passed}


def call_child(job: dict[str, Any], payload: bytes) -> bytes:
    """Child side of call-style families: import the solution, call the entry on every case."""
    data = harness.load(payload)
    device = job.get("device", "cpu")
    _, fn, failed = harness.load_solution(job)
    if failed is not None:
        return failed
    out = []
    for case in data["cases"]:
        args = [a.to(device) if isinstance(a, torch.Tensor) else a for a in case["args"]]
        ptrs = _ptrs(tuple(args))
        try:
            result = fn(*args, **case["kwargs"])
            out.append({"out": harness.describe(result, ptrs),
                        "after": [a.detach().cpu().clone() if type(a) is torch.Tensor else None for a in args]})
        except BaseException as e:
            out.append({"error": harness.error_info(e, job["filename"])})
        harness.stop_if_forked()
    return harness.dump({"cases": out, **harness.run_facts()})
