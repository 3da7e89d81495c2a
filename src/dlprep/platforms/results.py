"""Each platform's results.json for one graded submission (a Row of a BatchReport).

Gradescope: https://gradescope-autograders.readthedocs.io/en/latest/specs/ ("Output format").
Exercism: exercism/docs building/tooling/test-runners/interface.md (version 3: task_id, test_code).
PrairieLearn: PrairieLearn docs/externalGrading.md ("Grading results"): score in [0, 1], tests
with points and max_points, message and output, `gradable: false` for an unusable upload.
"""

from __future__ import annotations

from typing import Any

from dlprep.batch import BatchReport, Row
from dlprep.platforms import student
from dlprep.results import CheckResult

# The checks a run that never reached its cases ends with: they carry the exercise's points
_RUN_ENDED = ("load", "run", "submission", "grader", "output", "strict")


def _points(t: CheckResult, r: Row, report: BatchReport) -> float:
    if r.verdict.max_score <= 0 and t.name in _RUN_ENDED and t.status in ("error", "timeout", "fail"):
        return student.max_points(r, report)
    return t.max_score


# ---------------------------------------------------------------- Gradescope

def gradescope(r: Row, report: BatchReport) -> dict[str, Any]:
    """The total score; one test per check with its own score. A hidden-cases test is visible only
    after the due date and the visible text never names a hidden case; the student's own output is
    in the top-level output (run_autograder's stdout stays with the staff)."""
    v = r.verdict
    public = student.public_names(v)
    tests = []
    for i, t in enumerate(v.tests, 1):
        hidden = student.is_hidden(t)
        message = (t.message or "") if hidden else student.scrub(t.message or "", public)
        body = "\n".join(x for x in (message, t.output) if x)
        if t.advisory:
            body = f"advisory, not scored ({t.status}): {body}".rstrip(": ")
        tests.append({"name": t.name + (" (advisory)" if t.advisory else ""), "number": str(i),
                      "score": t.score, "max_score": _points(t, r, report),
                      "status": "passed" if t.status in ("pass", "skip") or t.advisory else "failed",
                      "output": body, "visibility": "after_due_date" if hidden else "visible"})
    output = student.headline(r, report, later=True)
    shown = student.printed(v)
    if shown:
        output += "\n\nYour code printed:\n" + shown
    return {"score": v.score, "execution_time": round(v.duration_s, 3), "output": output,
            "visibility": "visible", "stdout_visibility": "hidden", "tests": tests,
            "extra_data": {"question": report.question, "status": v.status, "max_score": student.max_points(r, report),
                           "sha256": r.digest, "sandbox": v.sandbox, "trust": "verified" if v.isolation == "strict"
                           else "all"}}


# ---------------------------------------------------------------- Exercism

def _exercism_status(status: str) -> str:
    return {"pass": "pass", "skip": "pass", "error": "error", "timeout": "error"}.get(status, "fail")


def exercism(r: Row, report: BatchReport) -> dict[str, Any]:
    """Version 3: a top-level message only on error; the tests in the order the checker ran them,
    each with its task (the exercise is one task), the call it makes as test_code, and the
    student's output (on the first test: one run prints for all of them), capped at 500."""
    v = r.verdict
    entry = report.extra.get("entry")
    tests: list[dict[str, Any]] = []
    shown = student.printed(v)
    for t in student.student_view(v):
        if t.status == "skip":
            continue
        msg = t.message
        if t.advisory:
            msg = f"advisory, not scored ({t.status}): {msg or ''}".rstrip(": ")
        out = "\n".join(x for x in (t.output, shown if not tests else "") if x)
        tests.append({"name": t.name, "status": "pass" if t.advisory else _exercism_status(t.status),
                      "message": msg, "output": student.cap(out) or None,
                      "test_code": student.call_text(entry, t), "task_id": 1})
    status = _exercism_status(v.status)
    message = None
    if status == "error":
        bad = next((t for t in student.student_view(v) if _exercism_status(t.status) == "error" and not t.advisory),
                   None)
        message = f"{bad.name}: {bad.message or bad.status}" if bad else v.status
    return {"version": 3, "status": status, "message": message, "tests": tests}


# ---------------------------------------------------------------- PrairieLearn

def prairielearn(r: Row, report: BatchReport) -> dict[str, Any]:
    """score in [0, 1]; an upload with nothing to grade is `gradable: false` with its reason (the
    student keeps the attempt); everything else is graded, a SyntaxError included (it scores 0)."""
    v = r.verdict
    unusable = [t for t in v.tests if t.name == "submission" and t.status == "error"]
    if unusable:
        return {"gradable": False, "format_errors": [t.message or "the upload could not be graded"
                                                     for t in unusable]}
    out_of = student.max_points(r, report)
    tests = [{"name": t.name, "description": student.call_text(report.extra.get("entry"), t),
              "points": t.score, "max_points": _points(t, r, report), "message": t.message or "",
              "output": t.output} for t in student.student_view(v)]
    return {"gradable": True, "score": round(v.score / out_of, 6) if out_of else 0.0,
            "message": student.headline(r, report), "output": student.printed(v), "tests": tests}
