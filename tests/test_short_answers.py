"""Every short question of the banks, judged with the quiz's judge: answers a person would count
right but types another way are accepted, near misses are rejected (lists in
tests/data/short_answers.yaml). Code answers are run through the question's judge snippet in the
sandbox, as in the quiz."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from dlprep import bank
from dlprep.judging import judge
from dlprep.models import ShortQuestion

DATA = yaml.safe_load((Path(__file__).parent / "data" / "short_answers.yaml").read_text(encoding="utf-8"))
SHORT = {lq.id: lq.q for lq in bank.catalog_or_raise().questions.values() if isinstance(lq.q, ShortQuestion)}
TEXT_ONLY = sorted(qid for qid in SHORT if not SHORT[qid].judge)
RUN = sorted(qid for qid in SHORT if SHORT[qid].judge)


def test_every_short_question_has_its_lists() -> None:
    assert sorted(DATA) == sorted(SHORT), "tests/data/short_answers.yaml must list exactly the banks' short questions"
    for qid, lists in DATA.items():
        assert len(lists["accept"]) >= 5 and len(lists["reject"]) >= 5, qid
        assert bool(lists.get("runs")) == bool(SHORT[qid].judge), qid


def _wrongly_judged(q: ShortQuestion, lists: dict[str, Any], code_judge: Any = None) -> list[str]:
    bad = [f"rejected {a!r}" for a in [*q.answers, *lists["accept"]] if not judge(q, a, code_judge=code_judge).correct]
    bad += [f"accepted {a!r}" for a in lists["reject"] if judge(q, a, code_judge=code_judge).correct]
    return bad


@pytest.mark.parametrize("qid", TEXT_ONLY)
def test_short_answers_by_meaning(qid: str) -> None:
    assert _wrongly_judged(SHORT[qid], DATA[qid]) == []


def test_code_answers_by_running_them() -> None:
    from dlprep.code_judge import CodeJudge

    cj = CodeJudge()
    try:
        for qid in RUN:
            assert _wrongly_judged(SHORT[qid], DATA[qid], cj) == [], qid
    finally:
        cj.close()


def test_verify_fails_a_judge_that_rejects_a_listed_answer() -> None:
    """verify runs the judge on every accepted form; one it rejects fails the question."""
    from types import SimpleNamespace

    from dlprep.verify import _check_judge

    lq = bank.catalog_or_raise().get(RUN[0])
    jobs: list[dict[str, Any]] = []

    def run(job: dict[str, Any]) -> Any:
        jobs.append(job)
        verdict = "reject" if len(jobs) == 2 else "accept"
        return SimpleNamespace(ok=True, stdout=f"\ndlprep-judge: {verdict}\n", stderr="")

    r = _check_judge(lq, SimpleNamespace(sandbox=SimpleNamespace(run=run)))
    assert r.status == "failed" and repr(lq.q.answers[1]) in r.message
    assert all(repr(a) in j["source"] for a, j in zip(lq.q.answers, jobs, strict=False))
    jobs.clear()
    ok = _check_judge(lq, SimpleNamespace(sandbox=SimpleNamespace(
        run=lambda job: SimpleNamespace(ok=True, stdout="dlprep-judge: accept", stderr=""))))
    assert ok.status == "passed"
    # A run that printed the verdict but did not finish (no result from the harness) is a reject.
    broken = SimpleNamespace(sandbox=SimpleNamespace(
        run=lambda job: SimpleNamespace(ok=False, stdout="dlprep-judge: accept", stderr="")))
    assert _check_judge(lq, broken).status == "failed"
