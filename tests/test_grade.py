"""`dlprep grade` end to end: a class of 50 mixed submissions, the summary, every result format
(validated against the formats' documented fields), a killed batch that resumes without
regrading, bad input, and the Gradescope autograder bundle run against a fake /autograder."""

from __future__ import annotations

import csv
import io
import json
import os
import signal
import subprocess
import sys
import time
import zipfile
from pathlib import Path
from typing import Literal

import pytest
from pydantic import BaseModel, ConfigDict, Field, model_validator
from typer.testing import CliRunner

from dlprep.cli.app import app
from tests.banks import REPO
from tests.grade_class import QID, build

runner = CliRunner()
LIMIT = "4"  # seconds per submission: the hanging ones cost this much each
BASE = ["--isolation", "best", "--trust", "all", "--timeout", LIMIT]


# ---------------------------------------------------------------- the formats' documented fields

class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")  # a field the spec does not list is a mistake


class GradescopeTest(_Strict):
    """https://gradescope-autograders.readthedocs.io/en/latest/specs/ ("Output format", tests[])."""

    score: float | None = None
    max_score: float | None = None
    status: Literal["passed", "failed"] | None = None
    name: str | None = None
    name_format: Literal["text", "html", "simple_format", "md", "ansi"] | None = None
    number: str | None = None
    output: str | None = None
    output_format: Literal["text", "html", "simple_format", "md", "ansi"] | None = None
    tags: list[str] | None = None
    visibility: Literal["hidden", "after_due_date", "after_published", "visible"] | None = None
    extra_data: dict[str, object] | None = None


class GradescopeResults(_Strict):
    """Same page, the top level of results.json. `score` is optional only when every test has one."""

    score: float | None = None
    execution_time: float | None = None
    output: str | None = None
    output_format: Literal["text", "html", "simple_format", "md", "ansi"] | None = None
    test_output_format: Literal["text", "html", "simple_format", "md", "ansi"] | None = None
    test_name_format: Literal["text", "html", "simple_format", "md", "ansi"] | None = None
    visibility: Literal["hidden", "after_due_date", "after_published", "visible"] | None = None
    stdout_visibility: Literal["hidden", "after_due_date", "after_published", "visible"] | None = None
    extra_data: dict[str, object] | None = None
    tests: list[GradescopeTest] = []
    leaderboard: list[dict[str, object]] | None = None

    @model_validator(mode="after")
    def _score_somewhere(self) -> GradescopeResults:
        assert self.score is not None or all(t.score is not None for t in self.tests), "no score"
        return self


class ExercismTest(_Strict):
    """exercism/docs building/tooling/test-runners/interface.md, "Per-test" (version 3)."""

    name: str
    status: Literal["pass", "fail", "error"]
    message: str | None = None
    output: str | None = Field(default=None, max_length=500)  # "must be limited to 500 chars"
    test_code: str | None = None  # required for Concept Exercises, "SHOULD be present" otherwise
    task_id: int | None = None


class ExercismResults(_Strict):
    """Same page, "Top level": version, status; message required when status is error; tests."""

    version: Literal[3]
    status: Literal["pass", "fail", "error"]
    message: str | None = None
    tests: list[ExercismTest]

    @model_validator(mode="after")
    def _message_on_error(self) -> ExercismResults:
        assert self.status != "error" or self.message, "an error needs a top-level message"
        return self


def test_the_schemas_reject_what_the_specs_reject():
    with pytest.raises(ValueError):
        ExercismResults(version=3, status="error", message=None, tests=[])
    with pytest.raises(ValueError):
        ExercismTest(name="t", status="pass", output="x" * 501)
    with pytest.raises(ValueError):
        GradescopeTest(name="t", status="ok")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        GradescopeResults(tests=[GradescopeTest(name="t")])


# ---------------------------------------------------------------- one graded class, shared

@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    root = tmp_path_factory.mktemp("class")
    expected = build(root / "subs", n=50, hangs=2)
    out = root / "report.json"
    r = runner.invoke(app, ["grade", QID, str(root / "subs"), "--jobs", "2", "--out", str(out), *BASE])
    return root, expected, out, r


def test_every_submission_gets_its_verdict(graded):
    root, expected, out, r = graded
    assert r.exit_code == 0, r.output
    doc = json.loads(out.read_text())
    got = {s["submitter"]: s["verdict"]["status"] for s in doc["submissions"]}
    assert got == expected
    for s in doc["submissions"]:
        v = s["verdict"]
        if v["status"] == "pass":
            assert v["score"] == v["max_score"] > 0
        else:
            assert v["score"] < v["max_score"] or v["max_score"] == 0
            assert s["first_failure"], s
    assert doc["graded"] == 50 and doc["reused"] == 0 and isinstance(doc["seed"], int)
    timeouts = [s for s in doc["submissions"] if s["verdict"]["status"] == "timeout"]
    assert all(f"timed out after {LIMIT} s" in s["verdict"]["tests"][-1]["message"] for s in timeouts)


def test_the_summary_table_histogram_and_most_failed(graded):
    root, expected, out, r = graded
    doc = json.loads(out.read_text())
    scores = [s["verdict"]["score"] / s["verdict"]["max_score"] if s["verdict"]["max_score"] else 0.0
              for s in doc["submissions"]]
    assert scores == sorted(scores, reverse=True)  # best first
    hist = doc["summary"]["histogram"]
    assert sum(hist.values()) == 50 and hist["100%"] == sum(v == "pass" for v in expected.values())
    most = doc["summary"]["most_failed"]
    assert most and max(most.values()) == list(most.values())[0]
    assert f"seed {doc['seed']}" in r.output and "scores" in r.output and "checks failed most often" in r.output
    assert "graded now 50, reused from the journal 0" in " ".join(r.output.split())
    first = next(iter(most))
    assert first in r.output


def _again(graded, *args):
    """The same class, journal and seed again, writing another format: nothing is regraded."""
    root, expected, out, _ = graded
    r = runner.invoke(app, ["grade", QID, str(root / "subs"), "--journal", f"{out}.journal.jsonl", *BASE, *args])
    assert r.exit_code == 0, r.output
    assert "graded now 0, reused from the journal 50" in " ".join(r.output.split())
    return expected


def test_csv(graded, tmp_path):
    expected = _again(graded, "--out", str(tmp_path / "class.csv"))
    rows = list(csv.DictReader(io.StringIO((tmp_path / "class.csv").read_text())))
    assert {r["submitter"]: r["status"] for r in rows} == expected
    assert len({r["seed"] for r in rows}) == 1
    assert all(r["first_failure"] for r in rows if r["status"] != "pass")


def test_junit(graded, tmp_path):
    from junitparser import Error, Failure, JUnitXml

    expected = _again(graded, "--format", "junit", "--out", str(tmp_path / "class.xml"))
    xml = JUnitXml.fromfile(str(tmp_path / "class.xml"))
    suites = {s.name: s for s in xml}
    assert set(suites) == set(expected)
    for name, status in expected.items():
        results = [type(res) for case in suites[name] for res in case.result]
        if status == "pass":
            assert Failure not in results and Error not in results, name
        elif status in ("error", "timeout"):
            assert Error in results, name
        else:
            assert Failure in results, name
    assert xml.failures > 0 and xml.errors > 0


def test_gradescope(graded, tmp_path):
    expected = _again(graded, "--format", "gradescope", "--out", str(tmp_path / "gs"))
    files = sorted((tmp_path / "gs").glob("*.json"))
    assert {f.stem for f in files} == set(expected)
    for f in files:
        res = GradescopeResults.model_validate_json(f.read_text())
        assert res.score == sum(t.score or 0 for t in res.tests)
        if expected[f.stem] == "pass":
            assert all(t.status == "passed" for t in res.tests) and res.score and res.score > 0
        else:
            assert any(t.status == "failed" for t in res.tests), f.stem


def test_exercism(graded, tmp_path):
    expected = _again(graded, "--format", "exercism", "--out", str(tmp_path / "ex"))
    for f in (tmp_path / "ex").glob("*.json"):
        res = ExercismResults.model_validate_json(f.read_text())
        want = {"pass": "pass", "error": "error", "timeout": "error"}.get(expected[f.stem], "fail")
        assert res.status == want, f.stem
        assert res.tests, f.stem


def test_a_flood_is_an_error_that_says_so(graded, tmp_path):
    _again(graded, "--format", "exercism", "--out", str(tmp_path / "ex"))
    flood = json.loads(next((tmp_path / "ex").glob("*flood.json")).read_text())
    assert flood["status"] == "error" and "1 MB" in flood["message"]


def test_exercism_caps_a_test_output_at_500_characters():
    from dlprep.batch import BatchReport, Row
    from dlprep.result_formats import exercism
    from dlprep.results import CheckResult, summarise

    v = summarise(QID, [CheckResult("run", "error", message="crashed", output="y" * 2000)], 0.1, {}, {})
    row = Row("ann", "ann.py", "0" * 64, v, False)
    doc = exercism(row, BatchReport(QID, 1, (row,), 1, 0, 0.1, "now"))
    out = doc["tests"][0]["output"]
    assert len(out) <= 500 and out.endswith("Output was truncated. Please limit to 500 chars")
    assert ExercismResults.model_validate(doc).status == "error" and doc["message"] == "run: crashed"


# ---------------------------------------------------------------- resume after a kill

def _verdict_lines(journal: Path) -> list[dict[str, object]]:
    out = []
    for line in journal.read_text().splitlines():
        try:
            rec = json.loads(line)
        except ValueError:
            continue
        if "key" in rec:
            out.append(rec)
    return out


@pytest.mark.slow
def test_killed_halfway_resumes_without_regrading(tmp_path):
    subs = tmp_path / "subs"
    build(subs, n=16, hangs=0, folders=0)
    first = sorted(subs.glob("*.py"))[0]
    (subs / "zz-copy.py").write_bytes(first.read_bytes())  # same bytes, another submitter: one grading
    journal = tmp_path / "j.jsonl"
    cmd = [sys.executable, "-m", "dlprep", "grade", QID, str(subs), "--jobs", "1", "--journal", str(journal),
           "--out", str(tmp_path / "out.json"), *BASE]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and proc.poll() is None:
        if journal.exists() and len(_verdict_lines(journal)) >= 5:
            break
        time.sleep(0.05)
    assert proc.poll() is None, f"finished before it could be killed: {proc.stderr.read() if proc.stderr else ''}"
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    before = len(_verdict_lines(journal))
    assert 5 <= before < 16 and not (tmp_path / "out.json").exists()
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    lines = _verdict_lines(journal)
    assert len(lines) == 16 and len({rec["key"] for rec in lines}) == 16  # each content graded exactly once
    doc = json.loads((tmp_path / "out.json").read_text())
    assert doc["graded"] == 16 - before and doc["reused"] == 17 - doc["graded"]
    assert len(doc["submissions"]) == 17
    copy = next(s for s in doc["submissions"] if s["submitter"] == "zz-copy")
    orig = next(s for s in doc["submissions"] if s["submitter"] == first.stem)
    assert copy["sha256"] == orig["sha256"] and copy["verdict"]["status"] == orig["verdict"]["status"]
    seeds = {json.loads(x)["batch"]["seed"] for x in journal.read_text().splitlines() if x.startswith('{"batch"')}
    assert seeds == {doc["seed"]}  # the re-run took the killed run's seed from the journal


def test_a_torn_journal_line_is_skipped(tmp_path):
    from dlprep.batch import Journal
    from dlprep.results import Verdict

    j = Journal(tmp_path / "j.jsonl")
    v = Verdict("q", "pass", 1.0, 1.0, 0.1, {}, ())
    j.append({"batch": {"seed": 7}})
    j.append({"key": "a", "verdict": v.to_json()})
    with open(j.path, "a") as f:
        f.write('{"key": "b", "verdict": {"qu')  # killed mid-write
    j.append({"key": "c", "verdict": v.to_json()})
    done, seed = j.read()
    assert seed == 7 and set(done) == {"a", "c"} and done["a"] == Verdict.from_json(v.to_json())


# ---------------------------------------------------------------- bad input, isolation, no Ray

@pytest.mark.parametrize("args, message", [
    (["grade", QID, "/nonexistent/sub.py"], "submission not found: /nonexistent/sub.py"),
    (["grade", "tensor.gather-dispatch.gather-by-han", "x.py"], "did you mean tensor.gather-dispatch.gather-by-hand"),
    (["grade", QID, "EMPTY"], "no submission in"),
    (["grade", QID, "FILE", "--format", "yaml"], "unknown format 'yaml'"),
    (["grade", QID, "FILE", "--executor", "spark"], "unknown executor 'spark'"),
    (["grade", QID, "FILE", "--ray-address", "127.0.0.1:1"], "--ray-address needs --executor ray"),
    (["grade", QID, "FILE", "--isolation", "none"], "unknown isolation 'none'"),
    (["grade", QID, "FILE", "--timeout", "0"], "--timeout must be positive"),
    (["autograder", QID, "OUT", "--for", "moodle"], "unknown autograder target 'moodle'"),
])
def test_bad_input_is_one_line(args, message, tmp_path):
    (tmp_path / "empty").mkdir()
    (tmp_path / "f.py").write_text("def solve(x, dim, index):\n    return x\n")
    subst = {"EMPTY": str(tmp_path / "empty"), "FILE": str(tmp_path / "f.py"), "OUT": str(tmp_path / "a.zip")}
    r = runner.invoke(app, [subst.get(a, a) for a in args])
    assert r.exit_code == 2, r.output
    assert message in r.output and "Traceback" not in r.output
    assert len(r.output.strip().splitlines()) <= 2  # one line (rich may wrap a long one)


def test_full_isolation_is_the_default_and_refuses_weak_isolation(tmp_path, monkeypatch):
    monkeypatch.setenv("DLPREP_SANDBOX", "weak")
    (tmp_path / "f.py").write_text("def solve(x, dim, index):\n    return x\n")
    r = runner.invoke(app, ["grade", QID, str(tmp_path / "f.py"), "--journal", str(tmp_path / "j.jsonl")])
    assert r.exit_code == 3, r.output
    assert "--isolation full refuses to run the code" in r.output
    assert not _verdict_lines(tmp_path / "j.jsonl")  # nothing graded, nothing recorded as a verdict


def test_ray_is_not_imported_by_a_local_grade(tmp_path):
    (tmp_path / "a.py").write_text((REPO / "reference_impls" / "gather_dim" / "reference.py").read_text())
    code = ("import sys\nfrom dlprep.cli.app import app\n"
            f"try:\n    app(['grade', {QID!r}, {str(tmp_path / 'a.py')!r}, '--isolation', 'best', '--jobs', '1'])\n"
            "except SystemExit as e:\n    assert not e.code, e.code\n"
            "print('RAY_IMPORTED' if 'ray' in sys.modules else 'RAY_ABSENT')\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, timeout=300)
    assert "RAY_ABSENT" in r.stdout, r.stdout + r.stderr


# ---------------------------------------------------------------- the Gradescope bundle

@pytest.mark.slow
def test_autograder_bundle_grades_a_fake_autograder_root(tmp_path):
    r = runner.invoke(app, ["autograder", QID, str(tmp_path / "ag.zip"), "--for", "gradescope", "--isolation",
                            "best", "--seed", "11"])
    # (the emulated-container run of this bundle is tests/test_platforms.py's)
    assert r.exit_code == 0, r.output
    src = tmp_path / "source"
    with zipfile.ZipFile(tmp_path / "ag.zip") as z:
        names = z.namelist()
        z.extractall(src)
    assert {"setup.sh", "run_autograder"} <= set(names)  # at the zip's root, as the spec asks
    setup = (src / "setup.sh").read_text()
    assert "--index-url https://download.pytorch.org/whl/cpu" in setup and '"torch==2.13.0"' in setup
    assert "dlprep-src/pyproject.toml" in names and 'pip" install -q "/autograder/source/dlprep-src"' in setup
    root = tmp_path / "autograder"
    (root / "submission").mkdir(parents=True)
    (root / "dlprep-secret").mkdir(mode=0o700)  # what setup.sh makes
    (root / "dlprep-secret" / "seed").write_text((src / "dlprep-seed").read_text())
    (root / "submission" / "solution.py").write_text(
        (REPO / "reference_impls" / "gather_dim" / "mutants" / "index_select_semantics.py").read_text())
    env = {**os.environ, "AUTOGRADER_ROOT": str(root), "DLPREP_BIN": str(Path(sys.executable).parent / "dlprep")}
    run = subprocess.run(["bash", str(src / "run_autograder")], env=env, capture_output=True, text=True,
                         timeout=300, cwd=root)
    assert run.returncode == 0, run.stdout + run.stderr
    res = GradescopeResults.model_validate_json((root / "results" / "results.json").read_text())
    assert res.tests and res.score is not None and 0 < res.score < sum(t.max_score or 0 for t in res.tests)
    assert res.extra_data and res.extra_data["question"] == QID and "seed" not in res.extra_data
    from dlprep.platforms.upload import pick, upload_seed

    journal = (root / "dlprep-secret" / "journal.jsonl").read_text()
    from dlprep.cli.grading import coding_question

    expected_seed = upload_seed(11, pick(coding_question(QID), root / "submission"))
    assert f'"seed": {expected_seed}' in journal  # the bundle's secret, mixed with the upload's hash
    # a broken run still leaves Gradescope a results.json with the reason
    env["DLPREP_BIN"] = "/bin/false"
    (root / "results" / "results.json").unlink()
    subprocess.run(["bash", str(src / "run_autograder")], env=env, check=True, timeout=60)
    assert GradescopeResults.model_validate_json((root / "results" / "results.json").read_text()).score == 0


def test_an_installed_copy_ships_its_package_tree_with_a_project_file(tmp_path, monkeypatch):
    """Installed from a wheel there is no checkout: the bundle carries the installed package and a
    project file naming its runtime requirements, so setup.sh can still install it."""
    from dlprep.platforms import bundles

    monkeypatch.setattr(bundles, "source_root", lambda: None)
    bundles.bundle(QID, "gather_dim", "gradescope", tmp_path / "ag.zip", seed=3)
    with zipfile.ZipFile(tmp_path / "ag.zip") as z:
        names = set(z.namelist())
        project = z.read("dlprep-src/pyproject.toml").decode()
    assert "dlprep-src/dlprep/__init__.py" in names and "dlprep-src/dlprep/platforms/bundles.py" in names
    assert '"torch==2.13.0"' in project and "extra ==" not in project
    assert 'dlprep = "dlprep.cli.app:main"' in project
