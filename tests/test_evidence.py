"""What backs a key: verify counts a probe that agrees as proved and `evidence: docs` as docs, fails a
key with neither, skips (and counts) what this machine cannot run; `stats --bank` counts the same
from the banks; the quiz leaves out coding questions it could not grade here."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from dlprep import bank, evidence, requires, verify
from dlprep.cli.app import app
from dlprep.session import quiz_items
from tests.banks import bank_fixture, make_banks

runner = CliRunner()

BANK = bank_fixture("evidence.yaml")

NO_GPU = requires.Environment(cuda=False, gpus=0, triton=True)


@pytest.fixture
def banks(tmp_path, monkeypatch):
    monkeypatch.setenv("DLPREP_HOME", str(tmp_path / "home"))
    folder = make_banks(tmp_path, {"tensor.contiguity.yaml": BANK})
    monkeypatch.setenv("DLPREP_BANKS", str(folder))
    # Decided here, not by the machine: the same counts with or without a GPU.
    monkeypatch.setattr(verify, "environment", lambda: NO_GPU)
    monkeypatch.setattr(requires, "environment", lambda: NO_GPU)
    return folder


def test_verify_reports_proved_docs_failed_and_skipped(banks, tmp_path):
    out = tmp_path / "report.json"
    r = runner.invoke(app, ["verify", "tensor.contiguity", "--jobs", "2", "--out", str(out)])
    assert r.exit_code == 1, r.output
    data = json.loads(out.read_text())
    res = {x["id"]: x for x in data["results"]}
    assert (res["tensor.contiguity.tf-probed"]["status"], res["tensor.contiguity.tf-probed"]["evidence"]) == (
        "passed", "proved")
    assert res["tensor.contiguity.choice-probed"]["evidence"] == "proved"
    assert (res["tensor.contiguity.choice-docs"]["status"], res["tensor.contiguity.choice-docs"]["evidence"]) == (
        "passed", "docs")
    assert res["tensor.contiguity.short-probe-disagrees"]["status"] == "failed"
    assert res["tensor.contiguity.tf-nothing"]["status"] == "failed"  # refs alone prove nothing
    assert "nothing proves this key" in res["tensor.contiguity.tf-nothing"]["message"]
    assert res["tensor.contiguity.tf-gpu"]["status"] == "skipped"
    # 6 choice/true_false/short questions, 1 skipped: 2 of the 5 that ran are proved, 1 rests on docs
    assert data["proved_share"] == 0.4
    assert data["evidence"]["overall"] == {"questions": 6, "proved": 2, "docs": 1, "skipped": 1,
                                           "proved_share": 0.4, "docs_share": 0.2}
    assert data["evidence"]["by_type"]["choice"]["proved"] == 1
    assert data["evidence"]["by_topic"]["tensor.contiguity"]["true_false"]["skipped"] == 1
    # the GPU coding question's spot-the-bug cards need what it needs, so they are skipped with it
    cards = [x for x in data["results"] if ".spotbug." in x["id"]]
    assert cards and all(x["status"] == "skipped" for x in cards)
    skipped = 2 + len(cards)
    assert data["skipped"] == {"total": skipped, "reasons": {"needs a CUDA device": skipped}}
    text = " ".join(r.output.split())
    assert "choice/true_false/short keys proved: 40%" in text
    assert f"skipped {skipped}: needs a CUDA device" in text


def test_stats_bank_counts_without_running(banks):
    r = runner.invoke(app, ["stats", "--bank", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    # the GPU question has a probe: from the banks alone it counts as probed
    assert data["overall"] == {"questions": 6, "proved": 4, "docs": 1, "skipped": 0,
                               "proved_share": round(4 / 6, 4), "docs_share": round(1 / 6, 4)}
    assert data["by_type"]["short"]["proved"] == 1
    r = runner.invoke(app, ["stats", "--bank"])
    assert r.exit_code == 0 and "probed" in r.output and "tensor.contiguity" in r.output
    assert runner.invoke(app, ["stats", "--bank", "--topic", "tensor.contiguty"]).exit_code == 2


def test_evidence_docs_needs_a_reference(tmp_path, monkeypatch):
    text = BANK.replace("    refs: [https://pytorch.org/docs/stable/generated/torch.Tensor.is_contiguous.html]\n", "")
    monkeypatch.setenv("DLPREP_BANKS", str(make_banks(tmp_path, {"tensor.contiguity.yaml": text})))
    _, problems = bank.load_catalog()
    assert any("[tensor.contiguity.choice-docs]" in p and "`evidence: docs` needs at least one official link" in p
               for p in problems), problems


def test_quiz_leaves_out_only_the_coding_questions_it_cannot_grade(banks, monkeypatch):
    ids = {i.id for i in quiz_items(bank.catalog_or_raise(), count=100, seed=1)}
    assert "tensor.contiguity.gpu-exercise" not in ids
    assert "tensor.contiguity.tf-gpu" in ids  # judged against its key: nothing runs
    with_gpu = requires.Environment(cuda=True, gpus=1, triton=True)
    monkeypatch.setattr(requires, "environment", lambda: with_gpu)
    assert "tensor.contiguity.gpu-exercise" in {i.id for i in quiz_items(bank.catalog_or_raise(), count=100)}


def test_environment_reasons():
    env = requires.Environment(cuda=False, gpus=0, triton=False, compiler=False)
    assert env.lacks(["multiprocess"]) is None
    assert env.lacks(["cuda"]) == "needs a CUDA device"
    assert env.lacks(["triton"]) == "needs triton"
    assert env.lacks(["compile"]) == "needs a C++ compiler for torch.compile"
    assert requires.Environment(cuda=True, gpus=1, triton=True).lacks(["multi_gpu"]) == "needs at least two GPUs"


def test_tally_shares_leave_out_what_did_not_run():
    t = evidence.Tally(questions=10, proved=6, docs=2, skipped=2)
    assert (t.ran, t.proved_share, t.docs_share) == (8, 0.75, 0.25)
    assert evidence.Tally(questions=1, skipped=1).proved_share is None
