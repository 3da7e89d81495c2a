"""`dlprep verify` on temporary banks: each kind of broken key or exercise fails, naming the question."""

from __future__ import annotations

import json
import re
import shutil
import xml.etree.ElementTree as ET

import pytest
from typer.testing import CliRunner

from dlprep import mutants
from dlprep.cli.app import app
from tests.banks import GOOD, REPO, bank_fixture, make_banks

runner = CliRunner()


@pytest.fixture(autouse=True)
def own_home(tmp_path, monkeypatch):
    """verify keeps its record (costs, passes) in the data dir: a test's own, never the user's."""
    monkeypatch.setenv("DLPREP_HOME", str(tmp_path / "home"))

EXTRA = bank_fixture("verify_extra.yaml")

RIGHT_ANOTHER_WAY = """# Right: lets torch decide, contiguous() copies only when it must.
def solve(x):
    return x.contiguous()
"""


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("verify")
    banks = make_banks(tmp, {"tensor.contiguity.yaml": GOOD + EXTRA})
    exercises = tmp / "reference_impls"
    src = REPO / "reference_impls" / "make_contiguous"
    good = exercises / "make_contiguous"
    # the shipped corpus is left out: this fixture brings its own wrong and right answers
    own = shutil.ignore_patterns("wrong", "right")
    shutil.copytree(src, good, ignore=own)
    (good / "wrong").mkdir()
    (good / "wrong" / "never_copies.py").write_text(mutants.source_of(src, "never_copies"))
    (good / "right").mkdir()
    (good / "right" / "contiguous.py").write_text(RIGHT_ANOTHER_WAY)
    # bad_corpus: a wrong answer that passes, a right one that fails, a diff whose context is gone
    bad = exercises / "bad_corpus"
    shutil.copytree(good, bad)
    (bad / "wrong" / "is_right.py").write_text(RIGHT_ANOTHER_WAY)
    (bad / "right" / "is_wrong.py").write_text(mutants.source_of(src, "never_copies"))
    stale = bad / "mutants" / "always_copies.diff"
    stale.write_text(stale.read_text().replace("-    expected = 1", "-    expected = 2"))
    shutil.copytree(src, exercises / "broken_reference", ignore=own)
    (exercises / "broken_reference" / "reference.py").write_text(mutants.source_of(src, "always_copies"))
    shutil.copytree(src, exercises / "passing_mutant", ignore=own)
    shutil.copy(src / "reference.py", exercises / "passing_mutant" / "mutants" / "same_as_reference.py")
    mp = pytest.MonkeyPatch()
    mp.setenv("DLPREP_BANKS", str(banks))
    mp.setenv("DLPREP_EXERCISES", str(exercises))
    out = tmp / "report.json"
    xml = tmp / "report.xml"
    r = runner.invoke(app, ["verify", "--jobs", "2", "--out", str(out), "--junit-xml", str(xml)])
    yield r, json.loads(out.read_text()), xml, banks
    mp.undo()


def _by_id(data):
    return {r["id"]: r for r in data["results"] + data["coverage"]}


def test_verify_fails_and_names_each_problem(report):
    r, data, _, _ = report
    assert r.exit_code == 1
    res = _by_id(data)
    assert res["tensor.contiguity.t1"]["status"] == "passed"
    assert res["tensor.contiguity.o1"]["status"] == "passed"
    assert res["tensor.contiguity.c1"]["status"] == "passed"
    assert res["tensor.contiguity.wrong-key"]["status"] == "failed"
    assert "prints something else" in res["tensor.contiguity.wrong-key"]["message"]
    assert res["tensor.contiguity.random"]["status"] == "unverifiable"
    assert res["tensor.contiguity.gpu-only"]["status"] == "skipped"
    assert res["tensor.contiguity.no-refs"]["status"] == "failed"
    assert "reference.py scored" in res["tensor.contiguity.bad-reference"]["message"]
    assert "mutant same_as_reference.py passed" in res["tensor.contiguity.weak-checker"]["message"]
    assert res["tensor.contiguity.good-exercise"]["status"] == "passed"
    good = res["tensor.contiguity.good-exercise"]
    assert good["status"] == "passed"
    assert "3 mutant(s) caught (1 as diffs); 1 wrong answer(s) caught; 1 right answer(s) pass" in good["message"]
    assert good["counts"] == {"exercises": 1, "mutants": 3, "mutant diffs": 1, "wrong": 1, "right": 1,
                              "coach solutions": 1}
    assert ("exercises: 1 passed; 3 mutant(s) caught (1 as diffs), 1 wrong answer(s) caught, "
            "1 right answer(s) and 1 coach's worked solution(s) with full marks") in " ".join(r.output.split())
    bad = res["tensor.contiguity.bad-corpus"]
    problems = [bad["message"], *bad["details"]]
    assert bad["status"] == "failed" and len(problems) == 3, problems
    assert any("reference_impls/bad_corpus/mutants/always_copies.diff: hunk 1" in p and "does not match" in p
               for p in problems), problems
    assert any(p.startswith("wrong answer wrong/is_right.py passed") for p in problems), problems
    assert any(re.match(r"right answer right/is_wrong.py scored \d+/\d+ \(fail\): fail \(public/", p)
               for p in problems), problems
    # under-covered topics and families fail coverage, by name
    assert res["coverage:tensor.matmul"]["status"] == "failed"
    assert "needs at least 8" in res["coverage:tensor.matmul"]["message"]
    assert res["coverage:family:triton"]["status"] == "failed"
    for qid in ("tensor.contiguity.wrong-key", "tensor.contiguity.bad-reference", "coverage:tensor.matmul"):
        assert qid in r.output


def test_reports_are_valid(report):
    _, data, xml, _ = report
    # Spot-the-bug cards of the exercise whose reference is a mutant cannot be proved against it (or,
    # when every file then differs from it by the reference's own bug too, are not made at all).
    cards = [r["id"] for r in data["results"] if r["kind"] == "spot_bug" and r["status"] == "failed"]
    assert all(".spotbug.broken_reference." in c for c in cards)
    failed = 6 + len(cards)  # 5 questions + its coverage + those cards
    assert data["ok"] is False and data["summary"]["tensor.contiguity"]["failed"] == failed
    root = ET.parse(xml).getroot()
    suite = next(s for s in root if s.get("name") == "tensor.contiguity")
    assert suite.get("failures") == str(failed) and suite.get("errors") == "1" and suite.get("skipped") == "1"


def test_two_runs_give_the_same_verdicts(report):
    _, data, _, banks = report
    r = runner.invoke(app, ["verify", "tensor.contiguity.good-exercise", "tensor.contiguity.weak-checker",
                            "--jobs", "1"])
    assert r.exit_code == 1
    again = runner.invoke(app, ["verify", "tensor.contiguity.good-exercise", "tensor.contiguity.weak-checker",
                                "--jobs", "1"])
    # the second run starts the item the first found slowest first (verify-record.json), so the
    # progress numbers may differ: the verdicts, not their order, must be the same
    def verdicts(out: str) -> list[str]:
        return sorted(re.sub(r"^\[\d+/\d+\] ", "", line) for line in out.splitlines() if "verify" not in line)

    assert verdicts(r.output) == verdicts(again.output)


def test_missing_translation_fails_before_running(tmp_path, monkeypatch):
    banks = make_banks(tmp_path, {"tensor.contiguity.yaml": GOOD.replace(
        '{zh: "输出是什么？", en: "What does it print?"}', '{en: "What does it print?"}')})
    monkeypatch.setenv("DLPREP_BANKS", str(banks))
    r = runner.invoke(app, ["verify"])
    assert r.exit_code == 2
    assert "[tensor.contiguity.o1] prompt.zh: missing translation" in r.output


def test_unknown_selector(report, monkeypatch):
    monkeypatch.setenv("DLPREP_BANKS", str(report[3]))
    r = runner.invoke(app, ["verify", "tensor.contiguity.c9"])
    assert r.exit_code == 2 and "did you mean tensor.contiguity.c1" in r.output


def test_a_snippet_that_raises_is_reported_with_its_exception(tmp_path, monkeypatch):
    raising = GOOD.replace("print(torch.arange(6).reshape(2, 3).t().stride())",
                           "print(torch.arange(6).reshape(2, 3).view(4))")
    banks = make_banks(tmp_path, {"tensor.contiguity.yaml": raising})
    monkeypatch.setenv("DLPREP_BANKS", str(banks))
    r = runner.invoke(app, ["verify", "tensor.contiguity.o1", "--jobs", "1"])
    assert r.exit_code == 1
    assert "snippet did not run: it raised RuntimeError at line 2" in " ".join(r.output.split())


def test_changed_reruns_only_what_has_no_recorded_pass(tmp_path, monkeypatch):
    banks = make_banks(tmp_path, {"tensor.contiguity.yaml": GOOD})
    monkeypatch.setenv("DLPREP_BANKS", str(banks))
    out = tmp_path / "r.json"

    def run(*extra: str) -> dict[str, dict[str, object]]:
        r = runner.invoke(app, ["verify", "tensor.contiguity.o1", "tensor.contiguity.c1", "--jobs", "1",
                                "--out", str(out), *extra])
        assert r.exit_code == 0, r.output
        return {x["id"]: x for x in json.loads(out.read_text())["results"]}

    first = run("--changed")  # nothing recorded yet: everything is proved
    assert {x["id"]: x["recorded"] for x in first.values()} == {"tensor.contiguity.o1": False,
                                                                "tensor.contiguity.c1": False}
    again = run("--changed")
    assert all(x["recorded"] and x["status"] == "passed" for x in again.values())
    assert again["tensor.contiguity.o1"]["message"] == first["tensor.contiguity.o1"]["message"]
    assert not any(x["recorded"] for x in run().values())  # without --changed: proved again
    # an edited question is proved again; the untouched one is not
    (banks / "tensor.contiguity.yaml").write_text(GOOD.replace('en: "What does it print?"}',
                                                               'en: "What does this print?"}', 1))
    edited = run("--changed")
    assert not edited["tensor.contiguity.o1"]["recorded"] and edited["tensor.contiguity.c1"]["recorded"]


def test_a_failure_is_never_recorded_as_a_pass(tmp_path, monkeypatch):
    raising = GOOD.replace("print(torch.arange(6).reshape(2, 3).t().stride())",
                           "print(torch.arange(6).reshape(2, 3).view(4))")
    monkeypatch.setenv("DLPREP_BANKS", str(make_banks(tmp_path, {"tensor.contiguity.yaml": raising})))
    for _ in range(2):
        r = runner.invoke(app, ["verify", "tensor.contiguity.o1", "--jobs", "1", "--changed"])
        assert r.exit_code == 1 and "snippet did not run" in " ".join(r.output.split())


def test_an_output_snippet_must_repeat_and_a_probe_runs_once(tmp_path):
    """An output question's whole text is the answer a user predicts: verify runs it twice and a
    second text unlike the first is unverifiable. A probe's verdict is its last line against the
    key, judged on the one run it gets (a probe that starts torchrun costs seconds per run)."""
    from types import SimpleNamespace

    from dlprep import verify
    from dlprep.bank import load_catalog
    from dlprep.checkers.sandbox import wire
    from dlprep.checkers.sandbox.client import RunResult
    from dlprep.requires import Environment

    catalog, problems = load_catalog(banks=make_banks(tmp_path), spot_bug=False)
    assert catalog is not None, problems
    printed = {"tensor.contiguity.t1": ["working 1\nFalse\n", "working 2\nFalse\n"],
               "tensor.contiguity.o1": ["(1, 3)\n", "(3, 1)\n"]}
    runs: list[str] = []

    def run(job, payload=b""):
        qid = job["filename"].strip("<>")  # code_judge.snippet_job names a run after its question
        out = printed[qid][sum(r == qid for r in runs)]
        runs.append(qid)
        return RunResult(True, wire.dumps({}), None, "ok", out, "", False, 0.01, "test")

    grader = SimpleNamespace(sandbox=SimpleNamespace(run=run))
    env = Environment(cuda=False, gpus=0, triton=True)
    probe = verify.verify_question(catalog.questions["tensor.contiguity.t1"], grader, env)
    assert (probe.status, runs) == ("passed", ["tensor.contiguity.t1"])
    output = verify.verify_question(catalog.questions["tensor.contiguity.o1"], grader, env)
    assert output.status == "unverifiable" and runs.count("tensor.contiguity.o1") == 2, output
    lq = catalog.questions["tensor.contiguity.t1"]
    assert len(verify.snippet_jobs(lq, env)) == 1  # the batch verify makes ahead plans one run too
    assert len(verify.snippet_jobs(catalog.questions["tensor.contiguity.o1"], env)) == 2
