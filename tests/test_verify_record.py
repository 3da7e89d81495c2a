"""verify_record: the costs verify schedules by, and the recorded passes `--changed` trusts."""

from __future__ import annotations

import shutil

from dlprep import bank, verify
from dlprep.requires import environment
from dlprep.verify_record import DEFAULT_COST_S, VerifyRecord, fingerprint
from tests.banks import REPO


def _catalog():  # type: ignore[no-untyped-def]
    return bank.catalog_or_raise()


def test_a_pass_is_recorded_with_its_fingerprint_and_a_failure_is_not(tmp_path):
    cat = _catalog()
    lq = cat.questions[sorted(i for i, q in cat.questions.items() if q.q.type == "output")[0]]
    record = VerifyRecord(tmp_path / "r.json")
    assert record.cost(lq) == DEFAULT_COST_S["output"]  # never timed: by kind
    passed = verify.QuestionResult(lq.id, lq.topic, "output", "passed", "ok", duration_s=2.5)
    record.update(passed, "fp1")
    record.save()
    again = VerifyRecord(tmp_path / "r.json")
    assert again.cost(lq) == 2.5
    assert again.passed(lq, "fp1") is not None and again.passed(lq, "fp2") is None
    again.update(verify.QuestionResult(lq.id, lq.topic, "output", "failed", "no", duration_s=1.0), "fp1")
    assert again.passed(lq, "fp1") is None and again.cost(lq) == 1.0


def test_a_broken_record_costs_nothing_but_time(tmp_path):
    (tmp_path / "r.json").write_text("{not json")
    assert VerifyRecord(tmp_path / "r.json").entries == {}


def test_the_fingerprint_follows_the_exercise_files_and_the_machine(tmp_path, monkeypatch):
    cat = _catalog()
    exercises = tmp_path / "reference_impls"
    shutil.copytree(REPO / "reference_impls" / "make_contiguous", exercises / "make_contiguous")
    monkeypatch.setenv("DLPREP_EXERCISES", str(exercises))  # the fingerprint reads the copy
    lq = next(q for q in cat.questions.values() if q.q.type == "coding" and q.q.exercise == "make_contiguous")
    machine = {"torch": "x", **environment().to_json()}
    first = fingerprint(lq, machine)
    assert fingerprint(lq, machine) == first
    assert fingerprint(lq, {**machine, "torch": "y"}) != first
    from dlprep import verify_record

    verify_record._folder_hash.cache_clear()
    (exercises / "make_contiguous" / "check.py").write_text("# changed\n", encoding="utf-8")
    assert fingerprint(lq, machine) != first


def test_the_longest_work_is_handed_out_first():
    cat = _catalog()
    sel = verify.select(cat, ["tensor.matmul"])
    last = sel[-1]

    def cost(lq: bank.LoadedQuestion) -> float:
        return 100.0 if lq.id == last.id else 1.0

    tasks = verify._tasks(sel, environment(), cost)
    assert last in tasks[0].lqs
    sums = [sum(map(cost, t.lqs)) for t in tasks]
    assert sums == sorted(sums, reverse=True)
