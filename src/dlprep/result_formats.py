"""Result files for other tools, written from a BatchReport: our JSON, CSV, JUnit XML, Gradescope's
and Exercism's results.json.

Gradescope (https://gradescope-autograders.readthedocs.io/en/latest/specs/) and Exercism
(exercism/docs building/tooling/test-runners/interface.md, version 3) each read one results.json
per submission: with one submission OUT is that file; with several, OUT is a folder holding
`<submitter>.json` for each. Every file is written atomically (a temporary file beside it, then
os.replace), so a reader never sees half a file and a kill never leaves one.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from dlprep.batch import BatchReport, Row, first_failure
from dlprep.errors import UsageError
from dlprep.results import CheckResult, Verdict

FORMATS = ("json", "csv", "junit", "gradescope", "exercism")
PER_SUBMISSION = ("gradescope", "exercism")
SUFFIXES = {".json": "json", ".csv": "csv", ".xml": "junit"}
EXERCISM_OUTPUT_CAP = 500  # the interface caps a test's user output at 500 characters


def pick_format(fmt: str | None, out: Path | None) -> str:
    """--format as given, else guessed from --out's suffix (.csv, .xml), else json."""
    if fmt is None:
        return SUFFIXES.get(out.suffix.lower(), "json") if out else "json"
    if fmt not in FORMATS:
        raise UsageError(f"unknown format {fmt!r}; use one of {', '.join(FORMATS)}")
    return fmt


def write_atomic(path: Path, text: str) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
                f.write(text)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, path)
        except BaseException:
            os.unlink(tmp)
            raise
    except OSError as e:
        raise UsageError(f"cannot write {path}: {e.strerror or e}") from None


def write(report: BatchReport, fmt: str, out: Path) -> list[Path]:
    """Write the report in `fmt` at `out`; returns the files written."""
    if fmt in PER_SUBMISSION:
        one: Callable[[Row, BatchReport], dict[str, Any]] = gradescope if fmt == "gradescope" else exercism
        if len(report.rows) == 1:
            write_atomic(out, _dumps(one(report.rows[0], report)))
            return [out]
        if out.is_file():
            raise UsageError(f"{out} is a file; with {len(report.rows)} submissions --format {fmt} writes a folder")
        files = []
        for r in report.rows:
            path = out / f"{_safe(r.submitter)}.json"
            write_atomic(path, _dumps(one(r, report)))
            files.append(path)
        return files
    text = {"json": lambda: _dumps(report.to_json()), "csv": lambda: to_csv(report),
            "junit": lambda: to_junit(report)}[fmt]()
    write_atomic(out, text)
    return [out]


def _dumps(doc: dict[str, Any]) -> str:
    return json.dumps(doc, ensure_ascii=False, indent=2, default=str) + "\n"


def _safe(name: str) -> str:
    return re.sub(r"[^\w.#-]+", "_", name).strip(".") or "submission"


def _message(t: CheckResult) -> str:
    return t.message or ""


# ---------------------------------------------------------------- CSV

CSV_COLUMNS = ("submitter", "status", "score", "max_score", "percent", "first_failure", "message", "hidden_passed",
               "hidden_count", "duration_s", "sha256", "path", "seed", "question")


def to_csv(report: BatchReport) -> str:
    buf = io.StringIO()
    w = csv.writer(buf)
    w.writerow(CSV_COLUMNS)
    for r in report.rows:
        v, bad = r.verdict, r.first_failure
        w.writerow([r.submitter, v.status, f"{v.score:g}", f"{v.max_score:g}",
                    f"{100 * v.score / v.max_score:.1f}" if v.max_score else "0.0", bad.name if bad else "",
                    _message(bad) if bad else "", v.hidden.get("passed", 0), v.hidden.get("count", 0),
                    f"{v.duration_s:.3f}", r.digest, r.path, report.seed, report.question])
    return buf.getvalue()


# ---------------------------------------------------------------- JUnit XML

def to_junit(report: BatchReport) -> str:
    """One testsuite per submission (named after the submitter), one testcase per check."""
    from junitparser import Error, Failure, JUnitXml, Skipped, TestCase, TestSuite

    xml = JUnitXml(f"dlprep grade {report.question} (seed {report.seed})")
    for r in report.rows:
        suite = TestSuite(r.submitter)
        suite.add_property("question", report.question)
        suite.add_property("seed", str(report.seed))
        suite.add_property("sha256", r.digest)
        suite.add_property("score", f"{r.verdict.score:g}/{r.verdict.max_score:g}")
        for t in r.verdict.tests:
            case = TestCase(t.name, classname=f"{report.question}.{r.submitter}")
            if t.advisory:
                case.result = [Skipped(f"advisory ({t.status}): {_message(t)}")]
            elif t.status in ("error", "timeout"):
                case.result = [Error(_message(t), t.status)]
            elif t.status in ("fail", "unattempted"):
                case.result = [Failure(_message(t), t.status)]
            elif t.status == "skip":
                case.result = [Skipped(_message(t))]
            if t.output:
                case.system_out = t.output
            suite.add_testcase(case)
        suite.time = round(r.verdict.duration_s, 3)
        xml.add_testsuite(suite)
    xml.update_statistics()  # type: ignore[no-untyped-call]
    raw: bytes = xml.tostring()  # type: ignore[no-untyped-call]
    return '<?xml version="1.0" encoding="utf-8"?>\n' + raw.decode("utf-8")


# ---------------------------------------------------------------- Gradescope

def _visibility(t: CheckResult) -> str:
    # the hidden cases' failures name their inputs: students see them once the due date has passed
    return "after_due_date" if t.name.startswith("hidden") else "visible"


def gradescope(r: Row, report: BatchReport) -> dict[str, Any]:
    """Gradescope's results.json: the total score, and one entry per check with its own score."""
    v = r.verdict
    tests = []
    for i, t in enumerate(v.tests, 1):
        body = "\n".join(x for x in (t.message or "", t.output) if x)
        tests.append({"name": t.name + (" (advisory)" if t.advisory else ""), "number": str(i),
                      "score": t.score, "max_score": t.max_score,
                      "status": "passed" if t.status in ("pass", "skip") else "failed",
                      "output": body, "visibility": _visibility(t)})
    return {"score": v.score, "execution_time": round(v.duration_s, 3), "output": _summary_line(v, report),
            "visibility": "visible", "stdout_visibility": "hidden", "tests": tests,
            "extra_data": {"question": report.question, "seed": report.seed, "status": v.status,
                           "max_score": v.max_score, "sha256": r.digest, "sandbox": v.sandbox}}


def _summary_line(v: Verdict, report: BatchReport) -> str:
    bad = first_failure(v)
    hidden = f"; hidden cases {v.hidden.get('passed', 0)}/{v.hidden.get('count', 0)}" if v.hidden.get("count") else ""
    tail = f"; first failing check: {bad.name}: {_message(bad)}" if bad else ""
    return f"{report.question}: {v.status}, {v.score:g}/{v.max_score:g}{hidden}{tail}"


# ---------------------------------------------------------------- Exercism

def _exercism_status(status: str) -> str:
    return {"pass": "pass", "skip": "pass", "error": "error", "timeout": "error"}.get(status, "fail")


def exercism(r: Row, report: BatchReport) -> dict[str, Any]:
    """Exercism's test-runner results.json, version 3: a top-level message only on error; the
    tests in the order the checker ran them; a test's user output capped at 500 characters."""
    v = r.verdict
    tests = []
    for t in v.tests:
        if t.status == "skip":
            continue
        out = t.output if len(t.output) <= EXERCISM_OUTPUT_CAP else (
            t.output[:EXERCISM_OUTPUT_CAP - 48] + "\nOutput was truncated. Please limit to 500 chars")
        msg = _message(t) or None
        if t.advisory:
            msg = f"advisory, not scored: {msg or t.status}"
        tests.append({"name": t.name, "status": "pass" if t.advisory else _exercism_status(t.status),
                      "message": msg, "output": out or None,
                      "test_code": f"# {report.question}, check {t.name!r}\n"
                                   "# your solution is called in the sandbox and compared with the reference"})
    status = _exercism_status(v.status)
    bad = first_failure(v)
    message = (f"{bad.name}: {_message(bad)}" if bad else v.status) if status == "error" else None
    return {"version": 3, "status": status, "message": message, "tests": tests}
