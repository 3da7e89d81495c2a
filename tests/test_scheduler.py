"""The FSRS wrapper: rating mapping, card updates, retrievability and what `review` asks."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from dlprep import scheduler
from dlprep.scheduler import AGAIN, EASY, GOOD, HARD, Scheduler, plan
from dlprep.store import CardState

NOW = datetime(2026, 5, 4, 12, 0, tzinfo=UTC)


def test_rating_mapping() -> None:
    assert scheduler.rating_for(False) == AGAIN
    assert scheduler.rating_for(False, hinted=True) == AGAIN
    assert scheduler.rating_for(True) == GOOD
    assert scheduler.rating_for(True, hinted=True) == HARD
    assert [scheduler.correct_for(r) for r in (AGAIN, HARD, GOOD, EASY)] == [False, True, True, True]
    assert scheduler.RATINGS == {"again": 1, "hard": 2, "good": 3, "easy": 4}


def test_new_card_follows_fsrs_learning_steps() -> None:
    s = Scheduler(fuzz=False)
    again = s.review(None, "q", AGAIN, NOW)
    good = s.review(None, "q", GOOD, NOW)
    easy = s.review(None, "q", EASY, NOW)
    assert again.due == NOW + timedelta(minutes=1)  # first learning step
    assert good.due == NOW + timedelta(minutes=10)  # second learning step
    assert easy.state == 2 and easy.due >= NOW + timedelta(days=1)  # graduates at once
    assert (good.reps, good.lapses, good.last_review, good.question_id) == (1, 0, NOW, "q")


def test_stability_grows_with_good_answers_and_a_lapse_is_counted() -> None:
    s = Scheduler(fuzz=False)
    card = s.review(None, "q", EASY, NOW)
    t = NOW
    for _ in range(3):
        t = card.due
        nxt = s.review(card, "q", GOOD, t)
        assert nxt.stability is not None and card.stability is not None and nxt.stability > card.stability
        assert nxt.due - t > card.due - (card.last_review or NOW)  # intervals grow
        card = nxt
    lapsed = s.review(card, "q", AGAIN, card.due)
    assert (lapsed.state, lapsed.lapses, lapsed.reps) == (3, 1, 5)  # relearning
    # Again while still learning is not a lapse (nothing had been learnt yet).
    assert s.review(s.review(None, "q", AGAIN, NOW), "q", AGAIN, NOW).lapses == 0


def test_retrievability_decays_with_time() -> None:
    s = Scheduler(fuzz=False)
    card = s.review(None, "q", EASY, NOW)
    r = [s.retrievability(card, NOW + timedelta(days=d)) for d in (0, 5, 30, 365)]
    assert r[0] == pytest.approx(1.0)
    assert r[0] > r[1] > r[2] > r[3] and r[-1] < 0.7  # FSRS decays as a power law, slowly


def _card(qid: str, due: datetime) -> CardState:
    return CardState(qid, 2, None, 3.0, 5.0, due, due - timedelta(days=3), 1, 0)


def test_plan_due_first_then_capped_new_in_curriculum_order() -> None:
    cards = {
        "t.late": _card("t.late", NOW - timedelta(days=5)),
        "t.due": _card("t.due", NOW - timedelta(hours=1)),
        "t.future": _card("t.future", NOW + timedelta(days=2)),
        "gone.q": _card("gone.q", NOW - timedelta(days=9)),  # removed from the banks: never asked
    }
    candidates = ["t.due", "t.new1", "t.future", "t.late", "t.new2", "t.new3"]
    got = plan(cards, candidates, NOW, new_limit=2, limit=10)
    assert [(p.question_id, p.kind) for p in got] == [
        ("t.late", "due"), ("t.due", "due"), ("t.new1", "new"), ("t.new2", "new")]
    assert [p.question_id for p in plan(cards, candidates, NOW, new_limit=2, limit=3)] == [
        "t.late", "t.due", "t.new1"]
    assert [p.kind for p in plan(cards, candidates, NOW, new_limit=0, limit=10)] == ["due", "due"]


def test_plan_ahead_crams_cards_not_yet_due() -> None:
    cards = {q: _card(q, NOW + timedelta(days=d)) for q, d in (("a", 3), ("b", 1), ("c", -1))}
    got = plan(cards, ["a", "b", "c", "n"], NOW, new_limit=5, limit=10, ahead=True)
    assert [(p.question_id, p.kind) for p in got] == [("c", "due"), ("b", "ahead"), ("a", "ahead"), ("n", "new")]
    assert plan(cards, ["a", "b"], NOW, new_limit=5, limit=10) == []
    assert scheduler.next_due(cards, ["a", "b"]) == NOW + timedelta(days=1)
    assert scheduler.next_due(cards, ["zzz"]) is None
