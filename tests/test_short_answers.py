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
