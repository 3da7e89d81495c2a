"""Frozen result objects returned by the core; one renderer turns them into text, JSON or JUnit."""

from __future__ import annotations

import dataclasses
from dataclasses import asdict, dataclass, field, replace
from typing import Any, Literal

Status = Literal["pass", "fail", "error", "timeout", "skip", "unattempted"]
# verified: decided in the grader from plain data (values against the oracle, layouts rebuilt over
# the grader's own inputs, how the run ended). reported: observed next to the user's code, so a
# determined submission could forge it (hooks left on a live model, threads it left, a gradcheck).
Trust = Literal["verified", "reported"]
Isolation = Literal["best", "strict"]  # strict scores verified checks only; a reported pass only advises
RESULT_VERSION = 1


@dataclass(frozen=True)
class CheckResult:
    """One test of a grading run: a public case, the hidden cases, a rule, the load step."""

    name: str
    status: Status
    score: float = 0.0
    max_score: float = 0.0
    message: str | None = None
    output: str = ""
    output_truncated: bool = False
    details: dict[str, Any] = field(default_factory=dict)
    trust: Trust = "reported"  # unmarked means nothing vouches for it
    advisory: bool = False  # strict isolation: shown, neither scored nor deciding the status


@dataclass(frozen=True)
class Verdict:
    question: str
    status: Status
    score: float
    max_score: float
    duration_s: float
    sandbox: dict[str, Any]
    tests: tuple[CheckResult, ...]
    hidden: dict[str, int] = field(default_factory=lambda: {"count": 0, "passed": 0})
    stdout: str = ""
    stderr: str = ""
    output_truncated: bool = False
    isolation: Isolation = "best"
    version: int = RESULT_VERSION

    @property
    def passed(self) -> bool:
        return self.status == "pass"

    @property
    def summary(self) -> str:
        """One line: what decided the verdict. A rule hit comes first, since it zeroes every score."""
        rule = next((t for t in self.tests if t.name == "rules" and t.status == "fail"), None)
        if rule is not None and "rule" in rule.details:
            if rule.details.get("via"):  # an aten op of a forbidden call, reached under another name
                return f"failed: forbidden operation {rule.details['via']} ({rule.details['rule']}) at line " \
                       f"{rule.details['line']}"
            return f"failed: forbidden call {rule.details['rule']} at line {rule.details['line']}"
        if self.status == "pass":
            return f"passed: {self.score:g}/{self.max_score:g}"
        first = next((t for t in self.tests if t.status == self.status and not t.advisory), None)
        return f"{self.status}: " + (f"{first.name}: {first.message or ''}".strip() if first else "no check ran")[:200]

    def to_json(self) -> dict[str, Any]:
        d = asdict(self)
        d["summary"] = self.summary
        d["tests"] = [asdict(t) for t in self.tests]
        d["duration_s"] = round(self.duration_s, 3)
        return d

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Verdict:
        """The inverse of to_json (a batch journal stores verdicts this way); what to_json derives
        from the fields (the summary line) is derived again, not read back."""
        fields = {f.name for f in dataclasses.fields(cls)}
        tests = tuple(CheckResult(**t) for t in d["tests"])
        return cls(**{k: v for k, v in d.items() if k in fields and k != "tests"}, tests=tests)


def advise(t: CheckResult) -> CheckResult:
    """Strict isolation's view of a reported check: worth no points either way. A passing one is
    advisory (a submission could have forged the pass); a failing one still decides the status,
    since a submission gains nothing by forging a failure of its own (issue contract-domain, item 7)."""
    if t.trust != "reported":
        return t
    return replace(t, score=0.0, max_score=0.0, advisory=t.status in ("pass", "skip", "unattempted"))


def summarise(question: str, tests: list[CheckResult], duration_s: float, sandbox: dict[str, Any],
              hidden: dict[str, int], stdout: str = "", stderr: str = "", truncated: bool = False,
              isolation: Isolation = "best") -> Verdict:
    """Fold test results into a verdict: the worst status wins; score is the sum. Under strict
    isolation reported checks score nothing: a passing one is advisory, a failing one still fails
    the verdict. `pass` needs every point of the verified checks: a check that passes short of its
    points (0 of 8 hidden cases judged) fails closed."""
    if isolation == "strict":
        tests = [advise(t) for t in tests]
    order = ["timeout", "error", "fail", "unattempted", "pass"]
    statuses = {t.status for t in tests if t.status != "skip" and not t.advisory}
    status: Status = next((s for s in order if s in statuses), "error")  # no tests at all fails closed
    score, max_score = round(sum(t.score for t in tests), 4), round(sum(t.max_score for t in tests), 4)
    verified = [t for t in tests if t.trust == "verified" and not t.advisory]
    short = {id(t) for t in verified if t.status == "pass" and t.score < t.max_score}
    if status == "pass" and short:
        status = "fail"
        tests = [replace(t, status="fail", message=f"{t.message or 'passed'}; but only {t.score:g} of its "
                         f"{t.max_score:g} points: a pass needs them all") if id(t) in short else t for t in tests]
    if status in ("fail", "error", "timeout") and max_score > 0 and score >= max_score:
        # Only a check without points of its own failed (inputs changed, threads left, output
        # flooded): the work is not right, so the score stops one point short of full. A class's
        # grade book reads the score, not the status.
        score = max(max_score - 1, 0.0)
    return Verdict(
        question=question, status=status,
        score=score, max_score=max_score,
        duration_s=duration_s, sandbox=sandbox, tests=tuple(tests), hidden=hidden,
        stdout=stdout, stderr=stderr, output_truncated=truncated, isolation=isolation,
    )
