"""What a student may see of a verdict, on any platform.

- A hidden case never shows before the due date: its check carries only how many hidden cases
  passed (Gradescope shows the full message after the due date, in a test of its own), and a
  visible check that names a hidden case (a reported "memory" claim, say) names none.
- The student's own printed output is shown, capped, and says when it was cut.
- A run that never got to its cases (a SyntaxError, a crash, a timeout) is still out of the
  exercise's points, not out of 0.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from dlprep.batch import BatchReport, Row, first_failure
from dlprep.results import CheckResult, Verdict

OUTPUT_CAP = 500  # Exercism's per-test cap; the same for every platform keeps the views alike
_CASE_REF = re.compile(r"\(case ([^)]+)\)")


def is_hidden(t: CheckResult) -> bool:
    return t.name.startswith("hidden")


def public_names(v: Verdict) -> set[str]:
    return {t.name.removeprefix("public/") for t in v.tests if t.name.startswith("public/")}


def scrub(text: str, public: set[str]) -> str:
    """A message with every case it names that is not public replaced by "a hidden case"."""
    return _CASE_REF.sub(lambda m: m.group(0) if m.group(1) in public else "(a hidden case)", text)


LATER = "which ones is shown after the due date"  # Gradescope: the hidden test has after_due_date
NEVER = "hidden cases are not shown"  # platforms that show everything at once


def hidden_summary(t: CheckResult, later: bool = False) -> str:
    """What a student sees of the hidden cases' check (before the due date): counts, no inputs."""
    passed, count = t.score, t.max_score
    if t.status in ("pass", "unattempted"):
        return f"{passed:g}/{count:g} hidden cases passed"
    return f"{passed:g}/{count:g} hidden cases passed; {LATER if later else NEVER}"


def visible_message(t: CheckResult, public: set[str], later: bool = False) -> str:
    if is_hidden(t):
        return hidden_summary(t, later)
    return scrub(t.message or "", public)


def cap(text: str, limit: int = OUTPUT_CAP) -> str:
    """At most `limit` characters, saying so when cut (Exercism's wording of the rule)."""
    if len(text) <= limit:
        return text
    note = "\nOutput was truncated. Please limit to 500 chars" if limit == OUTPUT_CAP else f"\n[cut at {limit}]"
    return text[:limit - len(note)] + note


def printed(v: Verdict) -> str:
    """The solution's own stdout (and stderr, when it wrote any), capped."""
    parts = [v.stdout.rstrip("\n")]
    if v.stderr.strip():
        parts.append("[stderr]\n" + v.stderr.rstrip("\n"))
    text = "\n".join(p for p in parts if p)
    if v.output_truncated and text:
        text += "\n[your output was longer; the rest was cut]"
    return cap(text)


def max_points(r: Row, report: BatchReport) -> float:
    """The exercise's points: the verdict's own, else (a run that never reached its cases) what the
    bundle recorded for the exercise, else the most any submission in the batch was out of."""
    if r.verdict.max_score > 0:
        return r.verdict.max_score
    known = report.extra.get("max_score")
    if known:
        return float(known)
    return max((x.verdict.max_score for x in report.rows), default=0.0)


def headline(r: Row, report: BatchReport, later: bool = False) -> str:
    """The one visible line: status, score, hidden counts, and the first failing check that is not
    a hidden case (a failing hidden case is said only as a count)."""
    v = r.verdict
    public = public_names(v)
    out_of = max_points(r, report)
    line = f"{report.question}: {v.status}, {v.score:g}/{out_of:g}"
    if v.hidden.get("count"):
        line += f"; hidden cases {v.hidden.get('passed', 0)}/{v.hidden['count']}"
    bad = first_failure(v)
    if bad is not None and not is_hidden(bad):
        line += f"; first failing check: {bad.name}: {visible_message(bad, public, later)}"
    elif bad is not None:
        line += f"; only hidden cases failed ({LATER if later else NEVER})"
    return line


def call_text(entry: str | None, t: CheckResult) -> str:
    """The call a case makes, as a student would write it: arguments by shape (tensors) or value."""
    inputs = t.details.get("inputs")
    name = entry or "solution"
    if t.name.startswith("public/") and inputs is not None:
        return f"{name}({inputs})  # tensor arguments shown by their shape"
    if is_hidden(t):
        return f"{name}(...)  # hidden cases: inputs drawn per grading, not shown"
    return f"# {t.name}: checked around every call of {name}"


def student_view(v: Verdict) -> list[CheckResult]:
    """The verdict's checks as a platform without per-test visibility shows them: hidden-case
    messages reduced to counts, hidden case names scrubbed, details of hidden failures dropped."""
    public = public_names(v)
    out = []
    for t in v.tests:
        details: dict[str, Any] = {} if is_hidden(t) else t.details
        out.append(replace(t, message=visible_message(t, public) or None, details=details))
    return out
