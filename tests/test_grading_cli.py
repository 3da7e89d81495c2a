"""`dlprep init` / `dlprep submit` end to end on a real exercise (through the real sandbox)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dlprep.cli.app import app
from tests.banks import REPO

runner = CliRunner()
QID = "tensor.matmul.batched-no-matmul"
EXERCISE = REPO / "reference_impls" / "batched_matmul"


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    """`submit` records its verdict in the progress store: keep it out of the real one."""
    monkeypatch.setenv("DLPREP_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_init_writes_the_starter_and_never_overwrites(tmp_path):
    dest = tmp_path / "solution.py"
    r = runner.invoke(app, ["init", QID, str(dest)])
    written = dest.read_text()
    assert r.exit_code == 0 and written.endswith((EXERCISE / "starter.py").read_text())
    assert written.startswith("# Rules of this exercise") and "torch.bmm" in written.split('"""')[0]
    dest.write_text("# my work\n")
    r = runner.invoke(app, ["init", QID, str(dest)])
    assert r.exit_code == 2 and "already exists; pass --force" in r.output
    assert dest.read_text() == "# my work\n"
    assert runner.invoke(app, ["init", QID, str(dest), "--force"]).exit_code == 0


def test_submit_reference_passes_with_the_json_shape():
    r = runner.invoke(app, ["submit", QID, str(EXERCISE / "reference.py"), "--json", "--device", "cpu"])
    assert r.exit_code == 0, r.output
    v = json.loads(r.output)
    assert v["version"] == 1 and v["question"] == QID and v["status"] == "pass"
    assert v["score"] == v["max_score"] > 0
    assert v["sandbox"]["network"] is False
    assert v["hidden"]["count"] > 0 and v["hidden"]["passed"] == v["hidden"]["count"]
    names = [t["name"] for t in v["tests"]]
    assert "public/non-contiguous" in names and "public/empty-batch" in names
    assert {"name", "status", "score", "max_score", "message", "output", "output_truncated", "details"} <= set(
        v["tests"][0])


def test_submit_starter_and_mutant_fail(tmp_path):
    r = runner.invoke(app, ["submit", QID, str(EXERCISE / "starter.py"), "--json"])
    assert r.exit_code == 1 and json.loads(r.output)["status"] == "unattempted"
    r = runner.invoke(app, ["submit", QID, str(EXERCISE / "mutants" / "skips_last_batch.py")])
    assert r.exit_code == 1
    assert "first mismatches" in r.output and "hidden cases:" in r.output


def test_broken_solution_names_its_line(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import torch\n\ndef solve(a, b):\n    return a +* b\n")
    r = runner.invoke(app, ["submit", QID, str(bad), "--json"])
    assert r.exit_code == 1
    v = json.loads(r.output)
    assert v["status"] == "error" and "line 4: SyntaxError" in v["tests"][-1]["message"]


def test_submit_missing_file_and_unknown_id(tmp_path):
    r = runner.invoke(app, ["submit", QID, str(tmp_path / "nope.py")])
    assert r.exit_code == 2 and "solution file not found" in r.output
    r = runner.invoke(app, ["submit", "tensor.matmul.batched-no-matmull", str(Path(__file__))])
    assert r.exit_code == 2 and "did you mean tensor.matmul.batched-no-matmul" in r.output
    r = runner.invoke(app, ["submit", QID, __file__, "--device", "tpu"])
    assert r.exit_code == 2 and "unknown device" in r.output


def test_a_solution_that_cannot_be_read_starts_no_worker(tmp_path, monkeypatch):
    """The file is read before the sandbox worker is launched: a typo in the path is answered at
    once, without a worker importing torch for seconds only to be killed."""
    from dlprep.checkers.sandbox import client

    launched = []
    monkeypatch.setattr(client.Sandbox, "launch", lambda self: launched.append(self))
    for path in (tmp_path / "nope.py", tmp_path):  # missing; a folder, not a file
        r = runner.invoke(app, ["submit", QID, str(path)])
        assert r.exit_code == 2 and "solution file not found" in r.output
    assert launched == []


def test_unwritable_destinations_are_one_line(tmp_path):
    r = runner.invoke(app, ["init", QID, "/proc/nope/x.py"])
    assert r.exit_code == 2 and "cannot write /proc/nope/x.py" in r.output
    r = runner.invoke(app, ["submit", QID, str(tmp_path)])  # a folder, not a file
    assert r.exit_code == 2 and "solution file not found" in r.output
