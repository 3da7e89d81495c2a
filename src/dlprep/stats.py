"""The numbers behind `dlprep stats`: per topic, weakest questions, daily activity.

Definitions (the JSON carries exactly these):
- seen: questions of the topic with at least one review; reviews/correct count every review.
- accuracy: correct / reviews (None before the first review).
- retrievability: FSRS's predicted recall probability now, averaged over the seen questions.
- due_now: cards due at or before now; due_week: due within the next 7 days, due_now included.
- weakest: seen questions by lowest retrievability, then lowest accuracy, then most lapses.
- daily: reviews per local calendar day. Reviews of questions no longer in the banks count in
  the totals and the calendar (history is kept), never in a topic.
- forecast: cards falling due on each of the next FORECAST_DAYS local days (overdue ones today).
- accuracy_weekly: for the TREND_TOPICS topics with most reviews, accuracy per local week
  (weeks start on Monday; the last TREND_WEEKS weeks; None in a week without reviews).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import asdict, dataclass, field
from datetime import date, datetime, timedelta, tzinfo
from typing import Any

from dlprep.bank import Catalog
from dlprep.scheduler import Scheduler, due_within
from dlprep.store import CardState, Review

WEAKEST = 10
FORECAST_DAYS = 14
TREND_WEEKS = 8
TREND_TOPICS = 5


@dataclass(frozen=True)
class TopicStats:
    topic: str
    en: str
    zh: str
    questions: int
    seen: int
    reviews: int
    correct: int
    accuracy: float | None
    retrievability: float | None
    due_now: int
    due_week: int


@dataclass(frozen=True)
class Weak:
    id: str
    topic: str
    reviews: int
    accuracy: float | None
    retrievability: float
    lapses: int
    due: str


@dataclass(frozen=True)
class Stats:
    generated_at: str
    totals: dict[str, Any]
    topics: list[TopicStats]
    weakest: list[Weak]
    daily: dict[str, int]  # ISO date -> reviews, days with activity only, oldest first
    forecast: dict[str, int] = field(default_factory=dict)  # ISO date -> cards due, next 14 days
    accuracy_weekly: dict[str, dict[str, float | None]] = field(default_factory=dict)  # topic -> week -> acc

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def _ratio(a: int, b: int) -> float | None:
    return round(a / b, 4) if b else None


def _mean(xs: list[float]) -> float | None:
    return round(sum(xs) / len(xs), 4) if xs else None


def streak(days: set[date], today: date) -> int:
    """Consecutive days with activity ending today (or yesterday, if today has none yet)."""
    d = today if today in days else today - timedelta(days=1)
    n = 0
    while d in days:
        n, d = n + 1, d - timedelta(days=1)
    return n


def compute(
    catalog: Catalog,
    cards: dict[str, CardState],
    reviews: list[Review],
    now: datetime,
    topic: str | None = None,
    tz: tzinfo | None = None,
    sched: Scheduler | None = None,
) -> Stats:
    sched = sched or Scheduler()
    if topic is not None:
        catalog.topic(topic)  # unknown topics fail with suggestions
    wanted = [t for t in catalog.registry.topics if topic in (None, t.id)]
    topic_of = {qid: lq.topic for qid, lq in catalog.questions.items()}
    in_scope = {qid for qid, t in topic_of.items() if topic in (None, t)}

    per_q: dict[str, list[Review]] = defaultdict(list)
    for r in reviews:
        per_q[r.question_id].append(r)
    # A topic filter keeps that topic's reviews; without one, removed questions still count.
    kept = [r for r in reviews
            if r.question_id in in_scope or (topic is None and r.question_id not in topic_of)]

    retr = {qid: sched.retrievability(c, now) for qid, c in cards.items() if qid in in_scope}
    rows = []
    for t in wanted:
        qids = [lq.id for lq in catalog.by_topic.get(t.id, [])]
        rs = [r for q in qids for r in per_q.get(q, [])]
        seen = [q for q in qids if q in per_q]
        tc = [cards[q] for q in qids if q in cards]
        ok = sum(r.correct for r in rs)
        rows.append(TopicStats(
            topic=t.id, en=t.en, zh=t.zh, questions=len(qids), seen=len(seen), reviews=len(rs), correct=ok,
            accuracy=_ratio(ok, len(rs)), retrievability=_mean([retr[q] for q in seen if q in retr]),
            due_now=sum(c.due <= now for c in tc), due_week=sum(due_within(c, now, 7) for c in tc),
        ))

    weak = []
    for qid, recall in retr.items():
        rs = per_q.get(qid, [])
        ok = sum(x.correct for x in rs)
        c = cards[qid]
        weak.append(Weak(qid, topic_of[qid], len(rs), _ratio(ok, len(rs)), round(recall, 4), c.lapses,
                         c.due.isoformat(timespec="seconds")))
    weak.sort(key=lambda w: (w.retrievability, 1.0 if w.accuracy is None else w.accuracy, -w.lapses, w.id))

    days = Counter(r.reviewed_at.astimezone(tz).date() for r in kept)
    today = now.astimezone(tz).date()
    ok_all = sum(r.correct for r in kept)
    removed = sorted({r.question_id for r in reviews if r.question_id not in topic_of})
    totals = {
        "questions": sum(t.questions for t in rows),
        "seen": sum(t.seen for t in rows),
        "reviews": len(kept),
        "correct": ok_all,
        "accuracy": _ratio(ok_all, len(kept)),
        "retrievability": _mean(list(retr.values())),
        "due_now": sum(t.due_now for t in rows),
        "due_week": sum(t.due_week for t in rows),
        "streak_days": streak(set(days), today),
        "removed_questions": len(removed) if topic is None else 0,
    }
    return Stats(
        forecast=forecast([c for q, c in cards.items() if q in in_scope], now, tz),
        accuracy_weekly=accuracy_weekly(
            {q: t for q, t in topic_of.items() if q in in_scope}, reviews, now, tz),
        generated_at=now.isoformat(timespec="seconds"),
        totals=totals,
        topics=rows,
        weakest=weak[:WEAKEST],
        daily={d.isoformat(): n for d, n in sorted(days.items())},
    )


def forecast(cards: list[CardState], now: datetime, tz: tzinfo | None = None,
             days: int = FORECAST_DAYS) -> dict[str, int]:
    """Cards due on each local day from today; whatever is overdue counts today."""
    today = now.astimezone(tz).date()
    out = {(today + timedelta(days=i)).isoformat(): 0 for i in range(days)}
    for c in cards:
        day = max(c.due.astimezone(tz).date(), today).isoformat()
        if day in out:
            out[day] += 1
    return out


def accuracy_weekly(topic_of: dict[str, str], reviews: list[Review], now: datetime, tz: tzinfo | None = None,
                    weeks: int = TREND_WEEKS, top: int = TREND_TOPICS) -> dict[str, dict[str, float | None]]:
    """Accuracy per week of the `top` most reviewed topics, over the last `weeks` weeks."""
    today = now.astimezone(tz).date()
    first = today - timedelta(days=today.weekday() + 7 * (weeks - 1))
    starts = [first + timedelta(days=7 * i) for i in range(weeks)]
    tally: dict[str, dict[date, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    for r in reviews:
        day = r.reviewed_at.astimezone(tz).date()
        t = topic_of.get(r.question_id)
        if t is None or day < first:
            continue
        cell = tally[t][day - timedelta(days=day.weekday())]
        cell[0] += r.correct
        cell[1] += 1
    busiest = sorted(tally, key=lambda t: (-sum(n for _, n in tally[t].values()), t))[:top]
    return {t: {w.isoformat(): _ratio(*tally[t][w]) if w in tally[t] else None for w in starts}
            for t in busiest}
