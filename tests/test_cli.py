"""The CLI through typer's CliRunner: list/show/lint, exit codes, no tracebacks."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from dlprep.cli.app import app
from tests.banks import GOOD, make_banks

runner = CliRunner()


@pytest.fixture
def banks(tmp_path, monkeypatch):
    folder = make_banks(tmp_path)
    monkeypatch.setenv("DLPREP_BANKS", str(folder))
    monkeypatch.setenv("DLPREP_HOME", str(tmp_path / "home"))
    return folder


def test_list_topics_json(banks):
    r = runner.invoke(app, ["list", "--json"])
    assert r.exit_code == 0, r.output
    rows = {row["topic"]: row for row in json.loads(r.output)}
    assert rows["tensor.contiguity"]["questions"] == 3
    assert rows["tensor.contiguity"]["by_type"] == {"choice": 1, "true_false": 1, "output": 1}
    assert rows["tensor.matmul"]["questions"] == 0


def test_list_one_topic_and_type(banks):
    r = runner.invoke(app, ["list", "--topic", "tensor.contiguity", "--type", "output", "--json"])
    assert r.exit_code == 0
    assert [q["id"] for q in json.loads(r.output)] == ["tensor.contiguity.o1"]


def test_show_in_both_languages(banks):
    r = runner.invoke(app, ["show", "tensor.contiguity.c1", "--lang", "zh", "--answer"])
    assert r.exit_code == 0 and "哪个返回 bool" in r.output and "答案" in r.output
    r = runner.invoke(app, ["show", "tensor.contiguity.c1", "--lang", "en"])
    assert "Which returns a bool" in r.output and "Answer" not in r.output


def test_lang_defaults_from_config_then_env(banks, tmp_path, monkeypatch):
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    assert "的张量转置后" in runner.invoke(app, ["show", "tensor.contiguity.t1"]).output
    (tmp_path / "home").mkdir(exist_ok=True)
    (tmp_path / "home" / "config.toml").write_text('lang = "en"\n')
    assert "transposed" in runner.invoke(app, ["show", "tensor.contiguity.t1"]).output


def test_unknown_id_suggests(banks):
    r = runner.invoke(app, ["show", "tensor.contiguity.c2"])
    assert r.exit_code == 2
    assert "unknown question id 'tensor.contiguity.c2'; did you mean tensor.contiguity.c1" in r.output
    assert "Traceback" not in r.output


def test_unknown_topic_and_type(banks):
    assert "did you mean tensor.contiguity" in runner.invoke(app, ["list", "--topic", "tensor.contig"]).output
    r = runner.invoke(app, ["list", "--type", "essay"])
    assert r.exit_code == 2 and "unknown type 'essay'" in r.output


def test_lint_ok_and_bad(banks):
    r = runner.invoke(app, ["lint"])
    assert r.exit_code == 0 and "ok: 1 bank(s), 3 question(s)" in r.output
    (banks / "tensor.contiguity.yaml").write_text(GOOD.replace("answer: [a]", "answer: [q]"))
    r = runner.invoke(app, ["lint"])
    assert r.exit_code == 2
    assert "tensor.contiguity.yaml:" in r.output and "[tensor.contiguity.c1]" in r.output
    assert "Traceback" not in r.output


def test_lint_missing_file(banks):
    r = runner.invoke(app, ["lint", "nope.yaml"])
    assert r.exit_code == 2 and "nope.yaml: no such file" in r.output


def test_submit_bad_usage(banks, tmp_path):
    assert runner.invoke(app, ["submit", "tensor.contiguity.t1", "x.py"]).exit_code == 2
    r = runner.invoke(app, ["submit", "tensor.contiguity.t1", str(tmp_path / "x.py")])
    assert "not a coding exercise" in r.output


def test_python_dash_m_and_help():
    import subprocess
    import sys

    r = subprocess.run([sys.executable, "-m", "dlprep", "--help"], capture_output=True, text=True)
    assert r.returncode == 0 and "submit" in r.stdout and "verify" in r.stdout


@pytest.mark.parametrize("argv", [["--help"], ["list"], ["show", "tensor.contiguity.t1"], ["lint"]])
def test_browsing_never_imports_torch(banks, argv):
    import subprocess
    import sys

    code = (f"import sys\nfrom dlprep.cli.app import app\ntry:\n    app({argv!r})\nexcept SystemExit:\n    pass\n"
            "assert 'torch' not in sys.modules, 'torch was imported'\nprint('no torch')")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert "no torch" in r.stdout, r.stderr[-2000:]
