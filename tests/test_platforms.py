"""The grading platforms: each one's results checked against a schema written from its documented
format, the upload rules (one submission, whatever else it holds), what a student may see, the
bundles, and the Gradescope bundle end to end inside an emulated Docker-default container.

Schemas (pydantic, `extra="forbid"` where the format lists its fields):
- Gradescope: https://gradescope-autograders.readthedocs.io/en/latest/specs/ (tests/test_grade.py).
- Exercism: exercism/docs building/tooling/test-runners/interface.md, version 3 (test_grade.py).
- PrairieLearn: PrairieLearn docs/externalGrading.md, "Grading results".
- GitHub Classroom: the inputs of classroom-resources/autograding-command-grader@v1 (test-name,
  setup-command, command, timeout, max-score) and autograding-grading-reporter@v1 (runners, and
  an env `<RUNNER-ID>_RESULTS` per runner), from their README/action.yml.
- JUnit: read back by junitparser and by xunitparser (which asserts its totals and refuses a
  property name met twice across suites).
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any

import pytest
import yaml
from pydantic import BaseModel, ConfigDict, Field, model_validator
from typer.testing import CliRunner

from dlprep.batch import BatchReport, Row
from dlprep.cli.app import app
from dlprep.results import CheckResult, summarise
from tests.banks import REPO
from tests.grade_class import QID
from tests.test_grade import ExercismResults, GradescopeResults

runner = CliRunner()
DLPREP = str(Path(sys.executable).parent / "dlprep")
REFERENCE = (REPO / "reference_impls" / "gather_dim" / "reference.py").read_text()
MUTANT = (REPO / "reference_impls" / "gather_dim" / "mutants" / "index_select_semantics.py").read_text()
# Right on every public case's shape, wrong elsewhere: only hidden cases can fail it.
PUBLIC_SHAPES = "{(3, 4), (5, 6), (2, 5, 3), (7,), (5, 4), (2, 3, 4), (4, 3)}"
HIDDEN_ONLY = REFERENCE.replace("def solve(", "def _right(") + f"""

def solve(x, dim, index):
    out = _right(x, dim, index)
    return out if tuple(x.shape) in {PUBLIC_SHAPES} else out + 1
"""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PLTest(_Strict):
    """docs/externalGrading.md: tests[] of the results <pl-external-grader-results> renders."""

    name: str
    description: str | None = None
    points: float | None = None
    max_points: float | None = None
    message: str | None = None
    output: str | None = None
    images: list[Any] | None = None


class PLResults(BaseModel):
    """Same page: `score` in [0, 1] is the one field a gradable result must have; `gradable: false`
    needs no score and may carry format_errors (a string or a list of them). Other keys are allowed
    ("you may add any additional data")."""

    gradable: bool = True
    score: float | None = Field(default=None, ge=0.0, le=1.0)
    message: str | None = None
    output: str | None = None
    format_errors: str | list[str] | None = None
    tests: list[PLTest] | None = None

    @model_validator(mode="after")
    def _score_when_gradable(self) -> PLResults:
        assert not self.gradable or self.score is not None, "a gradable result needs a score"
        return self


class CommandGraderInputs(_Strict):
    """classroom-resources/autograding-command-grader@v1, action.yml inputs."""

    test_name: str = Field(alias="test-name")
    setup_command: str | None = Field(default=None, alias="setup-command")
    command: str
    timeout: int | None = Field(default=None, le=360)  # minutes; 6 hours at most
    max_score: int | None = Field(default=None, alias="max-score")


def test_the_new_schemas_reject_what_the_docs_reject():
    with pytest.raises(ValueError):
        PLResults(score=1.5)
    with pytest.raises(ValueError):
        PLResults(gradable=True)
    with pytest.raises(ValueError):
        PLTest(name="t", points=1, max_points=1, verdict="x")  # type: ignore[call-arg]
    with pytest.raises(ValueError):
        CommandGraderInputs.model_validate({"test-name": "t", "command": "x", "timeout": 400})


# ---------------------------------------------------------------- verdicts made by hand (fast)

def _report(tests: list[CheckResult], stdout: str = "", extra: dict[str, Any] | None = None,
            trust: str = "strict") -> tuple[Row, BatchReport]:
    hidden = {"count": 8, "passed": 5} if any(t.name.startswith("hidden") for t in tests) else {"count": 0,
                                                                                               "passed": 0}
    v = summarise(QID, tests, 0.25, {"level": "x", "network": False}, hidden, stdout=stdout,
                  isolation=trust)  # type: ignore[arg-type]
    row = Row("ann", "ann/solution.py", "0" * 64, v, False)
    return row, BatchReport(QID, 1234, (row,), 1, 0, 0.3, "2026-01-01T00:00:00+00:00",
                            extra={"entry": "solve", **(extra or {})})


HIDDEN_FAIL = CheckResult("hidden (8 cases)", "fail", 5.0, 8.0,
                          "5/8 hidden cases passed; first failure: values differ: got 7.5 expected 3.25",
                          details={"inputs": "(4, 2), 0, (6, 2)"}, trust="verified")
PUBLIC_OK = CheckResult("public/rows-dim1", "pass", 1.0, 1.0, details={"inputs": "(3, 4), 1, (3, 2)"},
                        trust="verified")
MEMORY = CheckResult("memory", "fail", message="modified its input argument 0 in place (case random-3)")


def _visible_gradescope(doc: dict[str, Any]) -> str:
    return "\n".join([doc["output"]] + [t["name"] + t["output"] for t in doc["tests"]
                                        if t["visibility"] == "visible"])


def test_gradescope_shows_no_hidden_case_before_the_due_date():
    from dlprep.result_formats import gradescope

    row, report = _report([PUBLIC_OK, HIDDEN_FAIL, MEMORY], stdout="debug 42\n")
    doc = gradescope(row, report)
    GradescopeResults.model_validate(doc)
    visible = _visible_gradescope(doc)
    for leak in ("7.5", "3.25", "(4, 2)", "random-3", "values differ"):
        assert leak not in visible, leak
    hidden = [t for t in doc["tests"] if t["name"].startswith("hidden")]
    assert hidden and all(t["visibility"] == "after_due_date" for t in hidden)
    assert "values differ" in hidden[0]["output"]  # the staff and, after the due date, the student
    assert "hidden cases 5/8" in doc["output"] and "debug 42" in doc["output"]
    assert "seed" not in json.dumps(doc["extra_data"])


def test_a_load_error_is_shown_as_itself_and_out_of_the_exercise_points():
    from dlprep.result_formats import exercism, gradescope, prairielearn

    load = CheckResult("load", "error", message="line 3: SyntaxError: '[' was never closed", trust="verified")
    row, report = _report([load], extra={"max_score": 20.0})
    assert row.verdict.status == "error"
    gs = GradescopeResults.model_validate(gradescope(row, report))
    assert gs.tests[0].max_score == 20.0 and gs.tests[0].status == "failed"
    assert "SyntaxError" in (gs.tests[0].output or "") and "0/20" in (gs.output or "")
    ex = ExercismResults.model_validate(exercism(row, report))
    assert ex.status == "error" and ex.message and "SyntaxError" in ex.message
    assert ex.tests[0].status == "error"  # never a pass
    pl = PLResults.model_validate(prairielearn(row, report))
    assert pl.score == 0 and pl.tests and pl.tests[0].max_points == 20.0


def test_exercism_v3_has_task_ids_the_call_and_the_students_output():
    from dlprep.result_formats import exercism

    row, report = _report([PUBLIC_OK, HIDDEN_FAIL, MEMORY], stdout="x" * 2000)
    doc = exercism(row, report)
    res = ExercismResults.model_validate(doc)
    first = res.tests[0]
    assert first.task_id == 1 and first.test_code == "solve((3, 4), 1, (3, 2))  # tensor arguments shown by their shape"
    assert first.output and len(first.output) <= 500 and first.output.endswith("Please limit to 500 chars")
    text = json.dumps(doc)
    for leak in ("7.5", "3.25", "(4, 2)", "random-3"):
        assert leak not in text, leak


def test_prairielearn_scores_zero_to_one_and_refuses_an_empty_upload_without_costing_an_attempt():
    from dlprep.result_formats import prairielearn

    row, report = _report([PUBLIC_OK, HIDDEN_FAIL])
    doc = PLResults.model_validate(prairielearn(row, report))
    assert doc.score == pytest.approx(6 / 9) and doc.tests and doc.tests[1].max_points == 8
    assert "7.5" not in json.dumps(prairielearn(row, report))
    empty = CheckResult("submission", "error", message="the upload holds no .py file", trust="verified")
    row, report = _report([empty])
    doc = PLResults.model_validate(prairielearn(row, report))
    assert doc.gradable is False and doc.format_errors == ["the upload holds no .py file"]


def test_junit_has_times_advisory_properties_and_reads_in_xunitparser_and_junitparser(tmp_path):
    xunitparser = pytest.importorskip("xunitparser")
    from junitparser import Failure, JUnitXml, Skipped

    from dlprep.result_formats import to_junit
    from dlprep.results import advise

    # a passing reported check is the advisory one under strict (a failing one fails the verdict)
    tests = [PUBLIC_OK, HIDDEN_FAIL, advise(dataclasses.replace(MEMORY, status="pass"))]
    v = summarise(QID, tests, 0.9, {}, {"count": 8, "passed": 5}, isolation="strict")
    rows = tuple(Row(name, f"{name}.py", "0" * 64, v, False) for name in ("ann", "bob"))
    xml = to_junit(BatchReport(QID, 7, rows, 2, 0, 1.0, "2026-01-01T00:00:00+00:00"))
    (tmp_path / "r.xml").write_text(xml)
    suite, result = xunitparser.parse(str(tmp_path / "r.xml"))  # asserts the root's totals itself
    assert len(list(suite)) == 6 and len(result.failures) == 2 and not result.skipped
    doc = JUnitXml.fromfile(str(tmp_path / "r.xml"))
    for s in doc:
        assert float(s.time) == pytest.approx(0.9, abs=1e-3)
        cases = list(s)
        assert sum(float(c.time) for c in cases) == pytest.approx(0.9, abs=1e-3)
        memory = next(c for c in cases if c.name == "memory")
        assert not any(isinstance(r, Skipped) for r in memory.result)  # it ran: not a skip
        assert 'name="advisory" value="true"' in xml
        assert any(isinstance(r, Failure) for c in cases for r in c.result)
    j2h = pytest.importorskip("junit2htmlreport.parser")
    report = j2h.Junit(filename=str(tmp_path / "r.xml"))
    assert [s.name for s in report.suites] == ["ann", "bob"] and "memory" in report.html()


# ---------------------------------------------------------------- one upload, one submission

def _q():
    from dlprep.cli.grading import coding_question

    return coding_question(QID)


@pytest.mark.parametrize("files, picked, problem", [
    ({"solution.py": "a", "docs/x.md": "d", "tests/test_a.py": "t", "helper.py": "h"}, "solution.py", None),
    ({"src/gather_dim.py": "a", "tests/test_a.py": "t", "setup.py": "s"}, "src/gather_dim.py", None),
    ({"mine.py": "a", "README.md": "r", ".github/x.py": "g", "docs/conf.txt": "c"}, "mine.py", None),
    ({"a.py": "a", "b.py": "b"}, None, "2 .py files (a.py, b.py) and none is named solution.py"),
    ({"work.ipynb": "{}"}, None, "only a notebook (work.ipynb)"),
    ({"README.md": "r"}, None, "holds no .py file"),
])
def test_an_upload_is_one_submission(tmp_path, files, picked, problem):
    from dlprep.platforms.upload import pick

    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    sub = pick(_q(), tmp_path)
    if picked:
        assert sub.path == tmp_path / picked and sub.source is not None
    else:
        assert sub.source is None and problem in (sub.problem or "")


def test_a_symlinked_file_in_an_upload_is_never_picked(tmp_path):
    from dlprep.platforms.upload import pick

    (tmp_path / "solution.py").symlink_to("/etc/passwd")
    (tmp_path / "mine.py").write_text("x = 1\n")
    assert pick(_q(), tmp_path).path.name == "mine.py"


# ---------------------------------------------------------------- the command line

def test_out_dash_and_json_go_to_stdout_and_progress_to_stderr(tmp_path):
    (tmp_path / "up").mkdir()
    (tmp_path / "up" / "solution.py").write_text(MUTANT)
    (tmp_path / "up" / "docs").mkdir()
    (tmp_path / "up" / "docs" / "notes.py").write_text("x = 1\n")
    base = [DLPREP, "grade", QID, str(tmp_path / "up"), "--upload", "--isolation", "best", "--jobs", "1",
            "--journal", str(tmp_path / "j.jsonl")]
    r = subprocess.run(base + ["--format", "exercism", "--out", "-"], capture_output=True, text=True, timeout=300,
                       cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    ExercismResults.model_validate_json(r.stdout)  # stdout is the document and nothing else
    assert "submission(s)" in r.stderr and not (tmp_path / "-").exists()
    r = subprocess.run(base + ["--json", "--require-pass"], capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert r.returncode == 1, r.stderr  # --require-pass: the mutant fails
    assert json.loads(r.stdout)["submissions"][0]["verdict"]["status"] == "fail"


@pytest.mark.parametrize("args, message", [
    (["grade", QID, "F", "--trust", "some"], "unknown trust 'some'"),
    (["grade", QID, "F", "--isolation", "strict"], "unknown isolation 'strict'"),
    (["grade", QID, "F", "F", "--upload"], "--upload grades ONE upload; 2 paths were given"),
    (["grade", QID, "F", "--seed", "1", "--seed-file", "F"], "--seed and --seed-file both name the seed"),
    (["grade", QID, "F", "--seed-file", "/nonexistent/seed"], "cannot read the seed file /nonexistent/seed"),
    (["grade", QID, "F", "--json", "--format", "csv"], "--json prints the JSON report to stdout"),
    (["autograder", QID, "OUT", "--for", "moodle"], "unknown autograder target 'moodle'"),
])
def test_bad_platform_input_is_one_line(args, message, tmp_path):
    (tmp_path / "f.py").write_text("def solve(x, dim, index):\n    return x\n")
    subst = {"F": str(tmp_path / "f.py"), "OUT": str(tmp_path / "out")}
    r = runner.invoke(app, [subst.get(a, a) for a in args])
    assert r.exit_code == 2, r.output
    assert message in r.output and "Traceback" not in r.output


def _commands(group=None, prefix=()):
    import typer.main

    click_group = typer.main.get_command(app) if group is None else group
    for name, cmd in click_group.commands.items():
        if hasattr(cmd, "commands"):
            yield from _commands(cmd, (*prefix, name))
        else:
            yield (*prefix, name)


def test_every_command_documents_its_exit_codes_and_usage_is_plain():
    seen = 0
    for path in _commands():
        r = runner.invoke(app, [*path, "--help"], terminal_width=100)
        assert r.exit_code == 0, path
        text = " ".join(r.output.split())
        assert "Exit codes:" in text or re.search(r"\bExit \d", text), path
        assert "{" not in r.output.splitlines()[0] and "<list[" not in r.output, path
        seen += 1
    assert seen >= 20


def test_shell_completion_is_offered():
    r = runner.invoke(app, ["--help"])
    assert "--install-completion" in r.output and "--show-completion" in r.output


# ---------------------------------------------------------------- the bundles

def test_github_classroom_workflow_uses_the_command_grader_and_reporter(tmp_path, monkeypatch):
    from dlprep.platforms import upload

    monkeypatch.setattr(upload, "exercise_points", lambda q, spec, seed=0: 20.0)
    r = runner.invoke(app, ["autograder", QID, str(tmp_path / "repo"), "--for", "github-classroom", "--package",
                            "git+https://example.org/course/dlprep.git"])
    assert r.exit_code == 0, r.output
    wf = yaml.safe_load((tmp_path / "repo" / ".github" / "workflows" / "classroom.yml").read_text())
    assert set(wf["on"]) == {"push", "repository_dispatch"} and wf["permissions"]["checks"] == "write"
    steps = wf["jobs"]["run-autograding-tests"]["steps"]
    graders = [s for s in steps if s.get("uses") == "classroom-resources/autograding-command-grader@v1"]
    reporter = next(s for s in steps if s.get("uses") == "classroom-resources/autograding-grading-reporter@v1")
    assert len(graders) == 1
    inputs = CommandGraderInputs.model_validate(graders[0]["with"])
    assert inputs.max_score == 20 and "dlprep grade" in inputs.command and "--upload" in inputs.command
    assert "--require-pass" in inputs.command  # the command grader scores by exit status
    assert inputs.setup_command and "git+https://example.org/course/dlprep.git" in inputs.setup_command
    assert not (tmp_path / "repo" / "dlprep-src").exists()  # never the references in a student's repo
    ids = reporter["with"]["runners"].split(",")
    assert ids == [graders[0]["id"]]
    assert reporter["env"] == {f"{graders[0]['id'].upper()}_RESULTS": "${{steps.dlprep.outputs.result}}"}


def _run_script(script: Path, args: list[str], env: dict[str, str],
                emulate_docker: bool) -> subprocess.CompletedProcess[str]:
    cmd = ["bash", str(script), *args]
    if emulate_docker:
        # Docker's default: root without CAP_SYS_ADMIN, so no namespaces; DLPREP_SANDBOX=no-userns
        # keeps an ordinary user's path from trying user namespaces instead
        cmd = ["setpriv", "--bounding-set", "-sys_admin", "--inh-caps", "-sys_admin", *cmd]
        env = {**env, "DLPREP_SANDBOX": "no-userns", "DLPREP_IN_CONTAINER": "1"}
    return subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=600)


@pytest.mark.slow
def test_exercism_runner_follows_the_interface(tmp_path):
    r = runner.invoke(app, ["autograder", QID, str(tmp_path / "runner"), "--for", "exercism", "--isolation", "best"])
    assert r.exit_code == 0, r.output
    run_sh = tmp_path / "runner" / "bin" / "run.sh"
    assert os.access(run_sh, os.X_OK) and (tmp_path / "runner" / "Dockerfile").is_file()
    sol = tmp_path / "in"
    (sol / ".exercism").mkdir(parents=True)
    (sol / "gather_dim.py").write_text(REFERENCE + "\nprint('from the student')\n")
    (sol / "gather_dim_test.py").write_text("import gather_dim\n")  # Exercism ships its tests beside it
    env = {**os.environ, "DLPREP_BIN": DLPREP}
    run = subprocess.run(["bash", str(run_sh), "gather-dim", f"{sol}/", f"{tmp_path / 'out'}/"], env=env,
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    res = ExercismResults.model_validate_json((tmp_path / "out" / "results.json").read_text())
    assert res.status == "pass" and res.tests[0].output and "from the student" in res.tests[0].output
    run = subprocess.run(["bash", str(run_sh), "two-fer", f"{sol}/", f"{tmp_path / 'out2'}/"], env=env,
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0
    assert ExercismResults.model_validate_json((tmp_path / "out2" / "results.json").read_text()).status == "error"


# ---------------------------------------------------------------- Gradescope, end to end, in a "container"

SEED = 987654321
SNOOP = REFERENCE + f"""
import os as _os

def _snoop():
    found = []
    try:
        found.append("read:" + open({{secret!r}} + "/seed").read())
    except OSError as e:
        found.append("denied:" + type(e).__name__)
    for pid in _os.listdir("/proc"):
        for what in ("cmdline", "environ"):
            try:
                data = open(f"/proc/{{pid}}/{{what}}", "rb").read()
            except OSError:
                continue
            if b"{SEED}" in data:
                found.append("LEAK in " + what)
    return found

print("student says hi", *_snoop())
"""


def _autograder_root() -> Path:
    # Not under /tmp: every run is kept out of /tmp anyway, and the secret must be hidden by its
    # own rule (DLPREP_HOME), as it is under /autograder in Gradescope's image
    base = Path("/var/lib/dlprep-tests")
    base.mkdir(parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(prefix="autograder-", dir=base))


@pytest.mark.slow
@pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("setpriv"),
                    reason="emulating Docker's default (root, CAP_SYS_ADMIN dropped) needs root and setpriv")
def test_gradescope_bundle_end_to_end_in_an_emulated_docker_container(tmp_path):
    r = runner.invoke(app, ["autograder", QID, str(tmp_path / "ag.zip"), "--for", "gradescope", "--seed", str(SEED)])
    assert r.exit_code == 0, r.output
    src = tmp_path / "source"
    with zipfile.ZipFile(tmp_path / "ag.zip") as z:
        names = z.namelist()
        z.extractall(src)
    assert {"setup.sh", "run_autograder", "dlprep-seed"} <= set(names)
    setup = (src / "setup.sh").read_text()
    assert "python3.11" in setup and "sys.version_info < (3, 11)" in setup  # never apt's 3.10 as it is
    assert subprocess.run(["bash", "-n", str(src / "setup.sh")]).returncode == 0
    run_script = (src / "run_autograder").read_text()
    assert str(SEED) not in run_script and "--seed-file" in run_script
    root = _autograder_root()
    try:
        secret = root / "dlprep-secret"  # what setup.sh makes: root-only, the seed 0600 inside
        secret.mkdir(mode=0o700)
        shutil.copy(src / "dlprep-seed", secret / "seed")
        (secret / "seed").chmod(0o600)
        env = {**os.environ, "AUTOGRADER_ROOT": str(root), "DLPREP_BIN": DLPREP}

        def grade(files: dict[str, str]) -> tuple[dict[str, Any], GradescopeResults, str]:
            sub = root / "submission"
            shutil.rmtree(sub, ignore_errors=True)
            shutil.rmtree(root / "results", ignore_errors=True)
            for name, text in files.items():
                (sub / name).parent.mkdir(parents=True, exist_ok=True)
                (sub / name).write_text(text)
            run = _run_script(src / "run_autograder", [], env, emulate_docker=True)
            assert run.returncode == 0, run.stdout + run.stderr
            results = root / "results" / "results.json"
            assert results.is_file(), run.stdout + run.stderr  # a file, never a folder
            raw = results.read_text()
            return json.loads(raw), GradescopeResults.model_validate_json(raw), run.stdout + run.stderr

        extras = {"README.md": "# my repo\n", "docs/notes.md": "notes\n", "tests/test_mine.py": "def test(): pass\n",
                  ".github/workflows/ci.yml": "on: push\n"}
        doc, right, log = grade({"solution.py": REFERENCE, **extras})
        full = sum(t.max_score or 0 for t in right.tests)
        assert right.score == full > 0, doc["output"]
        level = doc["extra_data"]["sandbox"]["level"]
        assert "landlock-fs" in level and "netns" not in level, level  # the emulation took: no namespaces

        doc, wrong, _ = grade({"solution.py": MUTANT, **extras})
        assert wrong.score is not None and 0 < wrong.score < full

        doc, printed, _ = grade({"solution.py": SNOOP.replace("{secret!r}", repr(str(secret)))})
        assert "student says hi" in (printed.output or "")  # the student's own output, visible
        assert "denied:PermissionError" in printed.output and "read:" not in printed.output
        assert "LEAK" not in printed.output and str(SEED) not in json.dumps(doc)

        doc, hidden, _ = grade({"solution.py": HIDDEN_ONLY})
        hid = [t for t in hidden.tests if (t.name or "").startswith("hidden")]
        assert hid and hid[0].status == "failed" and hid[0].visibility == "after_due_date"
        assert all(t.status == "passed" for t in hidden.tests if (t.name or "").startswith("public/"))
        visible = _visible_gradescope(doc)
        assert "random-" not in visible and "first failure" not in visible
        assert (hid[0].output or "") and (hid[0].output or "").split("first failure: ")[-1] not in visible

        doc, broken, _ = grade({"solution.py": "def solve(x, dim, index):\n    return x[[index]\n"})
        assert broken.score == 0 and "SyntaxError" in (broken.output or "")
        # out of the exercise's points, not 0; how many follows the upload's own seed (the contract's
        # covering set varies in size), so about the right upload's, not equal to it
        assert 0.8 * full <= broken.tests[0].max_score <= 1.25 * full

        doc, empty, _ = grade({"notebook.ipynb": "{}", "docs/a.md": "x"})
        assert empty.score == 0 and "only a notebook" in (empty.output or "")
    finally:
        shutil.rmtree(root, ignore_errors=True)


def test_setup_never_settles_for_python_3_10(tmp_path):
    """Ubuntu 22.04's python3 is 3.10: setup.sh must pass it over for a python3.11 on the PATH."""
    from dlprep.platforms.bundles import find_python_script

    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "python3").write_text("#!/bin/sh\nexit 1\n")  # fails the >= 3.11 check, like 3.10 does
    (fake / "python3").chmod(0o755)
    (fake / "python3.11").symlink_to(sys.executable)
    script = tmp_path / "find.sh"
    script.write_text(find_python_script(str(tmp_path / "venv")) + 'echo "PICKED=$PY"\n')
    bash = shutil.which("bash") or "/bin/bash"
    r = subprocess.run([bash, str(script)], env={"PATH": str(fake), "HOME": str(tmp_path)}, capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert f"PICKED={fake / 'python3.11'}" in r.stdout
    assert (tmp_path / "venv" / "bin" / "python").exists()


@pytest.mark.slow
def test_prairielearn_external_grader_entrypoint(tmp_path):
    r = runner.invoke(app, ["autograder", QID, str(tmp_path / "pl"), "--for", "prairielearn", "--isolation", "best",
                            "--seed", "5"])
    assert r.exit_code == 0, r.output
    here = tmp_path / "pl" / "serverFilesCourse" / "dlprep"
    assert (here / "dlprep-seed").stat().st_mode & 0o777 == 0o600
    options = json.loads((tmp_path / "pl" / "info-externalGradingOptions.json").read_text())["externalGradingOptions"]
    assert options["entrypoint"] == "/grade/serverFilesCourse/dlprep/run.sh" and options["enabled"] is True
    grade_root = tmp_path / "grade"
    (grade_root / "student").mkdir(parents=True)
    (grade_root / "student" / "solution.py").write_text(MUTANT)
    env = {**os.environ, "GRADE_ROOT": str(grade_root), "DLPREP_BIN": DLPREP}
    run = subprocess.run(["bash", str(here / "run.sh")], env=env, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    res = PLResults.model_validate_json((grade_root / "results" / "results.json").read_text())
    assert res.gradable and res.score is not None and 0 < res.score < 1 and res.tests
    assert not (here / "dlprep-seed").exists()  # moved where the runs cannot read it


@pytest.mark.slow
@pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("setpriv"),
                    reason="emulating Docker's default (root, CAP_SYS_ADMIN dropped) needs root and setpriv")
def test_in_a_container_full_isolation_is_refused_with_advice_that_fits_and_container_is_accepted(tmp_path):
    (tmp_path / "solution.py").write_text(REFERENCE)
    base = ["setpriv", "--bounding-set", "-sys_admin", DLPREP, "grade", QID, str(tmp_path / "solution.py"),
            "--jobs", "1", "--journal", str(tmp_path / "j.jsonl"), "--json"]
    env = {**os.environ, "DLPREP_SANDBOX": "no-userns"}
    r = subprocess.run([*base, "--isolation", "full"], env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 3, r.stderr
    line = " ".join(r.stderr.split())
    assert "--isolation full refuses" in line and "--isolation container" in line
    assert "or run as root" not in line  # it is root already: that advice is wrong here
    r = subprocess.run([*base, "--isolation", "container"], env={**env, "DLPREP_IN_CONTAINER": "0"},
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 3 and "this is not one" in " ".join(r.stderr.split()), r.stderr
    r = subprocess.run([*base, "--isolation", "container"], env={**env, "DLPREP_IN_CONTAINER": "1"},
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    v = json.loads(r.stdout)["submissions"][0]["verdict"]
    assert v["status"] == "pass" and "landlock-fs" in v["sandbox"]["level"]


@pytest.mark.slow
def test_verify_json_is_a_flag_like_every_other(tmp_path):
    r = subprocess.run([DLPREP, "verify", "tensor.contiguity.no-gaps", "--jobs", "1", "--json"], capture_output=True,
                       text=True, timeout=600, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    report = json.loads(r.stdout)  # stdout is the report alone; the summary and progress are on stderr
    assert [x["id"] for x in report["results"]] == ["tensor.contiguity.no-gaps"] and not list(tmp_path.iterdir())


def test_an_uploads_seed_is_the_secret_mixed_with_its_bytes(tmp_path):
    from dlprep.platforms.upload import pick, upload_seed

    q = _q()
    for name, text in (("a", "x = 1\n"), ("b", "x = 2\n"), ("c", "x = 1\n")):
        (tmp_path / name).mkdir()
        (tmp_path / name / "solution.py").write_text(text)
    a, b, c = (pick(q, tmp_path / n) for n in "abc")
    assert upload_seed(7, a) == upload_seed(7, c)  # the same file meets the same cases
    assert upload_seed(7, a) != upload_seed(7, b) and upload_seed(7, a) != upload_seed(8, a)
    assert 0 <= upload_seed(7, a) < 2**31


@pytest.mark.slow
@pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("setpriv"),
                    reason="emulating Docker's default (root, CAP_SYS_ADMIN dropped) needs root and setpriv")
def test_doctor_names_the_container_case():
    r = subprocess.run(["setpriv", "--bounding-set", "-sys_admin", DLPREP, "doctor"], capture_output=True, text=True,
                       env={**os.environ, "DLPREP_IN_CONTAINER": "1"}, timeout=300)
    assert r.returncode == 1, r.stdout + r.stderr  # not full isolation
    text = " ".join(r.stdout.split())
    assert "container: yes (DLPREP_IN_CONTAINER=1); --isolation container accepts this level" in text
    assert "or run as root" not in text and "CAP_SYS_ADMIN" in text
