"""Probe families: the child runs one named probe on the user's code and reports plain facts; the
grader runs the *same* probe on the exercise's trusted oracle and judges the difference.

A probe is `probe(entry, case, options) -> dict` of plain data (tensors, numbers, strings, lists,
dicts): it builds what the case describes (a model from a spec, a generator from a seed), calls
the entry, and records what happened. In the child `entry` is the user's class or function; in the
grader it is check.py's `oracle`, so both sides are measured alike. A case may name another entry
of the user's file (`spec["entry"]`, e.g. one of two functions to write).

An exercise's check.py (trusted, grader only) defines:
    PROBE               the probe's name, a key of the family's `probes`
    PROBE_OPTIONS       optional dict handed to the probe on both sides
    public_cases()      -> list[SpecCase]; hidden_cases(gen, n) -> list[SpecCase]
    oracle              the trusted counterpart of the user's entry
    DIAGNOSES           optional [(known-wrong stand-in, explanation)], see `diagnosis`
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import torch

from dlprep import mutants
from dlprep.checkers.base import Case, Family
from dlprep.checkers.compare import compare_described
from dlprep.checkers.families import model_spec
from dlprep.checkers.sandbox import harness
from dlprep.results import CheckResult

Probe = Callable[[Any, dict[str, Any], dict[str, Any]], dict[str, Any]]


@dataclass
class SpecCase(Case):
    """A case whose `spec` (plain data: model spec, state, inputs, seeds) goes to the probe."""

    spec: dict[str, Any] = field(default_factory=dict)
    label: str = ""

    def wire(self) -> dict[str, Any]:
        return {"args": list(self.args), "kwargs": self.kwargs, **self.spec}


class Problem(Exception):
    """Raised by a judge with the message that fails the case."""


class ProbeFamily(Family):
    probes: dict[str, Probe] = {}
    default_hidden = 4

    def __init__(self, ex: Any):
        super().__init__(ex)
        self.probe: str = ex.check.PROBE
        self.options: dict[str, Any] = dict(getattr(ex.check, "PROBE_OPTIONS", {}))
        self._mutants: dict[str, Any] = {}

    def job(self, source: str, filename: str, device: str) -> dict[str, Any]:
        job = super().job(source, filename, "cpu")  # module logic is device-independent: CPU always
        job["probe"] = self.probe
        job["options"] = self.options
        return job

    def payload(self, cases: list[Case]) -> bytes:
        return harness.dump({"cases": [c.wire() if isinstance(c, SpecCase) else
                                       {"args": list(c.args), "kwargs": c.kwargs} for c in cases]})

    def expected(self, case: SpecCase, oracle: Any = None) -> dict[str, Any]:  # type: ignore[override]  # its own cases
        """The probe's facts for check.py's `oracle` (or another trusted stand-in); the grader's own
        RNG is left as it was. check.py's oracle is probed once per case (`once`: the probe is the
        costliest step of judging)."""
        def probe() -> dict[str, Any]:
            with model_spec.private_global_rng():
                return self.probes[self.probe](oracle or self.ex.check.oracle, case.wire(), self.options)

        return probe() if oracle is not None else self.once(case, "oracle", probe)

    def judge_case(self, case: Case, fact: dict[str, Any]) -> CheckResult:
        assert isinstance(case, SpecCase)
        details = {"inputs": case.label} if case.label else {}
        err = fact.get("error")
        if err is not None:
            if err.get("notimpl"):
                return CheckResult(case.name, "unattempted", message="not implemented yet", trust="verified")
            at = f" (line {err['line']})" if err.get("line") else ""
            return CheckResult(case.name, "fail", message=f"raised {err['type']}{at}: {err['message']}",
                               details=details, trust="verified")
        # Verified: a judge raises Problem only on values it compared with the oracle's, computed
        # here; facts observed beside the user's code go through `reported` to the reported check.
        try:
            note = getattr(self, f"judge_{self.probe}")(case, fact)
        except Problem as p:
            return CheckResult(case.name, "fail", message=str(p)[:700], details=details, trust="verified")
        except (KeyError, IndexError, TypeError, ValueError, AttributeError) as e:  # facts of an unforeseen shape
            return CheckResult(case.name, "fail", details=details, trust="verified", message=f"the solution produced "
                               f"something this check cannot compare ({type(e).__name__}: {e})"[:700])
        return CheckResult(case.name, "pass", message=note, details=details, trust="verified")

    @contextmanager
    def reported(self, case: Case) -> Iterator[None]:
        """Judge a fact that only the submission's process saw: its Problem goes to the reported
        check instead of failing the case (see Family.observe)."""
        try:
            yield
        except Problem as p:
            self.observe(case, str(p)[:700])

    # ------------------------------------------------------------------ helpers for judges

    def diagnosis(self, case: SpecCase, matches: Callable[[dict[str, Any]], bool]) -> str:
        """check.py's DIAGNOSES lists (known-wrong oracle, explanation); the explanation of the first
        one whose facts `matches` accepts, i.e. the mistake the submission most likely made. A
        stand-in may be named as "mutants/NAME": the exercise's own mutant, so it is not copied."""
        for wrong, text in getattr(self.ex.check, "DIAGNOSES", ()):
            if matches(self.expected(case, self._stand_in(wrong))):
                return f" ({text})"
        return ""

    def _stand_in(self, wrong: Any) -> Any:
        if not isinstance(wrong, str):
            return wrong
        if wrong not in self._mutants:  # trusted code of our own, run in the grader like check.py
            name = wrong.removeprefix("mutants/")
            namespace: dict[str, Any] = {"__name__": f"dlprep_diagnosis_{name}"}
            exec(compile(mutants.source_of(self.ex.folder, name), wrong, "exec"), namespace)
            self._mutants[wrong] = namespace[self.ex.question.entry]
        return self._mutants[wrong]

    def same(self, got: Any, want: Any, where: str, hint: str = "",
             tol: tuple[float | None, float | None] | None = None, scale: torch.Tensor | None = None) -> None:
        """Two described values (or plain tensors/None) must agree within the exercise's tolerances
        (or `tol`, (rtol, atol), where a case states its own); `scale` is the magnitude of the terms
        a value sums, where they cancel (compare.compare_tensor)."""
        got_d = got if isinstance(got, dict) and "kind" in got else harness.describe(got)
        want_d = want if isinstance(want, dict) and "kind" in want else harness.describe(want)
        rtol, atol = tol or self.tolerances()
        c = compare_described(got_d, want_d, rtol, atol, where=where, scale=scale)
        if not c.ok:
            # The hint explains wrong values; a wrong type or shape speaks for itself.
            values = got_d["kind"] == want_d["kind"] == "tensor" and got_d["shape"] == want_d["shape"] \
                and got_d["dtype"] == want_d["dtype"]
            raise Problem((c.message or f"{where} differs") + (f" {hint}" if hint and values else ""))


def close(a: torch.Tensor | None, b: torch.Tensor | None, rtol: float = 1e-4, atol: float = 1e-5) -> bool:
    if a is None or b is None:
        return a is None and b is None
    return a.shape == b.shape and a.dtype == b.dtype and bool(torch.allclose(a, b, rtol=rtol, atol=atol))


def run_child(probes: dict[str, Probe], job: dict[str, Any], payload: bytes) -> bytes:
    """Child side: load the user's file, run the job's probe on every case, ship the facts."""
    data = harness.load(payload)
    mod, _, failed = harness.load_solution(job)
    if failed is not None:
        return failed
    assert mod is not None  # load_solution gives a module whenever it gives no failure
    probe = probes[job["probe"]]
    out = []
    for case in data["cases"]:
        try:
            entry = harness.entry_point(mod, case.get("entry") or job["entry"])
            out.append(probe(entry, case, job["options"]))
        except harness.UserCodeError as e:
            out.append({"error": e.info})
        except BaseException as e:  # the user's code raised inside the probe: that case fails
            out.append({"error": harness.error_info(e, job["filename"])})
        harness.stop_if_forked()
    return harness.dump({"cases": out, **harness.run_facts()})
