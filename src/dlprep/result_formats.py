"""Result files for other tools, written from a BatchReport: our JSON, CSV, JUnit XML, and the
results.json of Gradescope, Exercism and PrairieLearn (shaped in dlprep.platforms.results).

Gradescope (https://gradescope-autograders.readthedocs.io/en/latest/specs/), Exercism
(exercism/docs building/tooling/test-runners/interface.md, version 3) and PrairieLearn
(docs/externalGrading.md, "Grading results") each read one results.json per submission: with
one submission OUT is that file; with several, OUT is a folder holding `<submitter>.json` for
each. Every file is written atomically (a temporary file beside it, then os.replace), so a reader
never sees half a file and a kill never leaves one.
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

from dlprep.batch import BatchReport, Row
from dlprep.errors import UsageError
from dlprep.platforms import results as _platform
from dlprep.results import CheckResult

FORMATS = ("json", "csv", "junit", "gradescope", "exercism", "prairielearn")
PER_SUBMISSION = ("gradescope", "exercism", "prairielearn")
SUFFIXES = {".json": "json", ".csv": "csv", ".xml": "junit"}


def pick_format(fmt: str | None, out: Path | None) -> str:
    """--format as given, else guessed from --out's suffix (.csv, .xml), else json."""
    if fmt is None:
        return SUFFIXES.get(out.suffix.lower(), "json") if out else "json"
    if fmt not in FORMATS:
        raise UsageError(f"unknown format {fmt!r}; use one of {', '.join(FORMATS)}")
    return fmt


def destination(fmt: str | None, out: str | None, as_json: bool) -> tuple[str, Path | None, bool]:
    """(format, file or folder, to stdout) from `--format`, `--out` and `--json`: `--json` is
    `--format json --out -`; a format asked for without `--out`, or `--out -`, goes to stdout
    (a file named `-` is never written)."""
    if as_json:
        if fmt not in (None, "json") or out not in (None, "-"):
            raise UsageError("--json prints the JSON report to stdout; use --format/--out for anything else")
        fmt, out = "json", "-"
    to_stdout = out == "-" or (out is None and fmt is not None)
    path = None if out in (None, "-") else Path(out)
    return pick_format(fmt, path), path, to_stdout


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


def render(report: BatchReport, fmt: str) -> str:
    """The report as one document in `fmt` (a per-submission format needs exactly one submission)."""
    if fmt in PER_SUBMISSION:
        if len(report.rows) != 1:
            raise UsageError(f"--format {fmt} gives one results.json per submission: with {len(report.rows)} "
                             "submissions, pass --out FOLDER")
        return _dumps(_ONE[fmt](report.rows[0], report))
    return {"json": lambda: _dumps(report.to_json()), "csv": lambda: to_csv(report),
            "junit": lambda: to_junit(report)}[fmt]()


def write(report: BatchReport, fmt: str, out: Path) -> list[Path]:
    """Write the report in `fmt` at `out`; returns the files written. A per-submission format
    with one submission writes the file OUT; with several, a folder of `<submitter>.json`."""
    if fmt in PER_SUBMISSION and len(report.rows) != 1:
        if out.is_file():
            raise UsageError(f"{out} is a file; with {len(report.rows)} submissions --format {fmt} writes a folder")
        files = []
        for r in report.rows:
            path = out / f"{_safe(r.submitter)}.json"
            write_atomic(path, _dumps(_ONE[fmt](r, report)))
            files.append(path)
        return files
    write_atomic(out, render(report, fmt))
    return [out]


def _dumps(doc: dict[str, Any]) -> str:
    return json.dumps(doc, ensure_ascii=False, indent=2, default=str) + "\n"


_ONE: dict[str, Callable[[Row, BatchReport], dict[str, Any]]] = {
    "gradescope": lambda r, rep: _platform.gradescope(r, rep), "exercism": lambda r, rep: _platform.exercism(r, rep),
    "prairielearn": lambda r, rep: _platform.prairielearn(r, rep)}


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
    """One testsuite per submission (named after the submitter), one testcase per check.

    Written with ElementTree to the shape junitparser, junit2html and xunitparser all read:
    - times: the suite's is the run's; the checks of one run share one process, so each testcase
      gets an equal share of it (the sum is the run's time);
    - an advisory check (reported, not scored under --trust verified) is a testcase with a
      property `advisory` and its real status as `status`, never a skip: it ran;
    - no suite-level <properties>: xunitparser folds every suite into one and refuses a property
      name met twice; the submission's score and hash go in the suite's <system-out>.
    """
    from xml.etree import ElementTree as ET

    root = ET.Element("testsuites", name=f"dlprep grade {report.question} (seed {report.seed})")
    totals = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
    for r in report.rows:
        v = r.verdict
        share = round(v.duration_s / len(v.tests), 6) if v.tests else 0.0
        counts = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
        suite = ET.SubElement(root, "testsuite", name=r.submitter, time=f"{v.duration_s:.3f}",
                              timestamp=report.started)
        for t in v.tests:
            case = ET.SubElement(suite, "testcase", name=t.name, classname=f"{report.question}.{r.submitter}",
                                 time=f"{share:.6f}")
            counts["tests"] += 1
            props = {"trust": t.trust, "status": t.status, "score": f"{t.score:g}/{t.max_score:g}"}
            if t.advisory:
                props["advisory"] = "true"
            elif t.status in ("error", "timeout"):
                ET.SubElement(case, "error", message=_message(t), type=t.status).text = _message(t)
                counts["errors"] += 1
            elif t.status in ("fail", "unattempted"):
                ET.SubElement(case, "failure", message=_message(t), type=t.status).text = _message(t)
                counts["failures"] += 1
            elif t.status == "skip":
                ET.SubElement(case, "skipped", message=_message(t))
                counts["skipped"] += 1
            plist = ET.SubElement(case, "properties")
            for k, val in props.items():
                ET.SubElement(plist, "property", name=k, value=val)
            if t.output:
                ET.SubElement(case, "system-out").text = t.output
        ET.SubElement(suite, "system-out").text = (
            f"score {v.score:g}/{v.max_score:g}; status {v.status}; sha256 {r.digest}; seed {report.seed}"
            + (f"\n{v.stdout}" if v.stdout else ""))
        for k, n in counts.items():
            suite.set(k, str(n))
            totals[k] += n
    for k, n in totals.items():
        root.set(k, str(n))
    root.set("time", f"{sum(r.verdict.duration_s for r in report.rows):.3f}")
    ET.indent(root)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


# ---------------------------------------------------------------- the platforms' results.json

# Each platform's shape lives with the platform (dlprep.platforms.results); re-exported here, where
# every result file is written.
gradescope = _platform.gradescope
exercism = _platform.exercism
prairielearn = _platform.prairielearn
