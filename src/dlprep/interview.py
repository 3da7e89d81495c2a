"""Timed mock interviews: the plan, the clock, the answers and the report (no terminal I/O).

An interview is a warm-up of judged concept questions (choice, true/false, short, output: no
self-rating, so nothing is shown before the end), then one or two coding exercises of the same
topics. The plan is fixed and stored when it starts, so that a resumed interview asks exactly
the same questions. Answers go through dlprep.session like any quiz answer (judged, written to
the review log and moving the FSRS card, mode "interview"), and each is linked to the interview
as soon as it is given; the time used is stored with it. A killed interview therefore loses at
most the answer being typed and the time since the last answer; `dlprep interview` then offers
to resume it, or records it as abandoned.

The clock counts time spent in the interview only: a resumed interview continues from the time
used so far. Whatever is unanswered at the deadline scores 0; a coding exercise the user was
working on is graded as its file stands.
"""

from __future__ import annotations

import random
import statistics
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from dlprep import session
from dlprep.bank import Catalog
from dlprep.errors import UsageError
from dlprep.session import Item, Outcome
from dlprep.store import Store, now_utc

WARMUP_TYPES = ("choice", "true_false", "short", "output")
MIN_WARMUP = 3
WARMUP_SHARE = 0.4  # of the minutes, at about a minute a question
TWO_EXERCISES_FROM = 40  # minutes: a 45-minute interview gets two coding exercises
WEAKEST = 3


def plan(catalog: Catalog, topics: Sequence[str], minutes: float, seed: int | None) -> list[dict[str, Any]]:
    """The questions, in order: [{id, topic, kind (warmup|coding), order (shown choice ids)}]."""
    if minutes <= 0:
        raise UsageError("--minutes must be more than 0")
    rng = random.Random(seed)
    concept = session._filter(catalog, topics, WARMUP_TYPES, None)
    coding = session._filter(catalog, topics, ("coding",), None)
    if not concept and not coding:
        raise UsageError("no questions for an interview on these topics; see `dlprep list`")
    n_warm = min(len(concept), max(MIN_WARMUP, round(minutes * WARMUP_SHARE)))
    n_code = min(len(coding), 2 if minutes >= TWO_EXERCISES_FROM else 1)
    out = []
    for lq in rng.sample(concept, n_warm):
        item = session._item(lq, rng, "interview")
        out.append({"id": lq.id, "topic": lq.topic, "kind": "warmup", "order": item.order})
    # The exercises follow the warm-up's topics where they have one (all topics when none is named).
    warm_topics = {p["topic"] for p in out}
    matched = [lq for lq in coding if lq.topic in warm_topics]
    picked = rng.sample(matched, min(n_code, len(matched)))
    rest = [lq for lq in coding if lq not in picked]
    picked += rng.sample(rest, n_code - len(picked))
    for lq in picked:
        out.append({"id": lq.id, "topic": lq.topic, "kind": "coding", "order": None})
    return out


def _item(catalog: Catalog, p: dict[str, Any]) -> Item:
    lq = catalog.get(p["id"])
    order = tuple(p["order"]) if p.get("order") else None
    return Item(lq.q, lq.topic, order, "interview")


@dataclass(frozen=True)
class Pending:
    position: int  # in the plan
    item: Item


class Interview:
    """A running interview: what is left, the clock, and the links from answers to the interview."""

    def __init__(self, store: Store, catalog: Catalog, row: dict[str, Any],
                 timer: Callable[[], float] = time.monotonic) -> None:
        self.store, self.catalog, self.row = store, catalog, row
        self.id: int = row["id"]
        self.plan: list[dict[str, Any]] = row["plan"]
        self.timer = timer
        self._base_ms = int(row["elapsed_ms"])
        self._t0 = timer()
        for p in self.plan:
            catalog.get(p["id"])  # a question removed from the banks since: one clear line
        done = self._relink()
        self.pending = [Pending(i, _item(catalog, p)) for i, p in enumerate(self.plan) if i not in done]

    def _relink(self) -> set[int]:
        """Positions answered. An answer's review row and its link are two commits: a process
        killed between them left a review of a planned question in this interview's time that
        no link points to; link it now, so that no answer is lost or asked twice."""
        links = self.store.interview_answers(self.id)
        done = {a["position"] for a in links}
        linked = {a["review_uid"] for a in links}
        started = datetime.fromisoformat(self.row["started_at"])
        for i, p in enumerate(self.plan):
            if i in done:
                continue
            for r in self.store.reviews(p["id"]):
                if r.mode == "interview" and r.reviewed_at >= started and r.uid not in linked:
                    self.store.interview_answer(self.id, i, p["id"], "answered", r.uid, None,
                                                int(self.row["elapsed_ms"]))
                    done.add(i)
                    break
        return done

    @classmethod
    def start(cls, store: Store, catalog: Catalog, minutes: float, topics: Sequence[str], seed: int | None,
              at: datetime | None = None) -> Interview:
        if running(store) is not None:
            raise UsageError("an interview is already running; resume or abandon it first")
        p = plan(catalog, topics, minutes, seed)
        iid = store.interview_start(at or now_utc(), minutes, seed, list(topics), p)
        return cls(store, catalog, _get(store, iid))

    # the clock

    @property
    def budget_ms(self) -> int:
        return int(self.row["minutes"] * 60_000)

    def elapsed_ms(self) -> int:
        return self._base_ms + int((self.timer() - self._t0) * 1000)

    def left_s(self) -> float:
        return max(0.0, (self.budget_ms - self.elapsed_ms()) / 1000)

    # answers (each written at once)

    def session(self) -> session.Session:
        return session.Session([p.item for p in self.pending], self.store)

    def answered(self, out: Outcome) -> None:
        self.store.interview_answer(self.id, self.pending[out.index].position, out.recorded.review.question_id,
                                    "answered", out.recorded.review.uid, None, self.elapsed_ms())

    def skipped(self, index: int) -> None:
        p = self.pending[index]
        self.store.interview_answer(self.id, p.position, p.item.id, "skipped", None, None, self.elapsed_ms())

    def graded(self, index: int, out: Outcome | None, verdict: Any) -> None:
        """A coding answer: the verdict is kept with the link (shown in the report only)."""
        p = self.pending[index]
        detail = {"status": verdict.status, "score": verdict.score, "max_score": verdict.max_score,
                  "hidden": dict(verdict.hidden)}
        if out is None:  # the starter left as it was: nothing recorded in the review log
            self.store.interview_answer(self.id, p.position, p.item.id, "skipped", None, detail, self.elapsed_ms())
        else:
            self.store.interview_answer(self.id, p.position, p.item.id, "answered", out.recorded.review.uid,
                                        detail, self.elapsed_ms())

    def pause(self) -> None:
        """Ctrl-C: keep the time used, leave the interview running (resumable)."""
        self.store.interview_elapsed(self.id, self.elapsed_ms())

    def finish(self, ended: str, at: datetime | None = None) -> dict[str, Any]:
        self.store.interview_elapsed(self.id, self.elapsed_ms())
        return end(self.store, self.catalog, _get(self.store, self.id), "finished", ended, at)


def _get(store: Store, iid: int) -> dict[str, Any]:
    return next(r for r in store.interviews() if r["id"] == iid)


def running(store: Store) -> dict[str, Any] | None:
    rows = store.interviews("running")
    return rows[-1] if rows else None


def end(store: Store, catalog: Catalog, row: dict[str, Any], status: str, ended: str,
        at: datetime | None = None) -> dict[str, Any]:
    """Build the report, store it with the final status and return it."""
    at = at or now_utc()
    rep = report(store, catalog, row, ended, at)
    store.interview_end(row["id"], status, at, rep)
    return rep


def abandon(store: Store, catalog: Catalog, row: dict[str, Any]) -> dict[str, Any]:
    return end(store, catalog, row, "abandoned", "abandoned")


def summary(store: Store, row: dict[str, Any]) -> tuple[int, int, float]:
    """(answered, planned, seconds left) of a stored interview, for the resume question."""
    n = len(store.interview_answers(row["id"]))
    return n, len(row["plan"]), max(0.0, row["minutes"] * 60 - row["elapsed_ms"] / 1000)


# --- the report -------------------------------------------------------------------------------

def _score(rows: list[dict[str, Any]]) -> dict[str, Any]:
    ok = sum(r["status"] == "correct" for r in rows)
    return {"correct": ok, "total": len(rows), "score": round(ok / len(rows), 4) if rows else None}


def report(store: Store, catalog: Catalog, row: dict[str, Any], ended: str, at: datetime) -> dict[str, Any]:
    answers = {a["position"]: a for a in store.interview_answers(row["id"])}
    started = datetime.fromisoformat(row["started_at"])
    past: dict[str, list[int]] = defaultdict(list)
    for r in store.reviews():
        if r.reviewed_at < started:
            past[r.question_id].append(r.duration_ms)
    questions = []
    for i, p in enumerate(row["plan"]):
        lq = catalog.questions.get(p["id"])
        a = answers.get(i)
        if a is None:
            status = "unanswered"
        elif a["status"] == "skipped":
            status = "skipped"
        else:
            status = "correct" if a["correct"] else "wrong"
        before = past.get(p["id"])
        questions.append({
            "position": i + 1, "id": p["id"], "topic": p["topic"], "kind": p["kind"],
            "type": lq.q.type if lq else "removed", "status": status,
            "seconds": None if a is None or a["duration_ms"] is None else round(a["duration_ms"] / 1000, 1),
            "median_past_seconds": round(statistics.median(before) / 1000, 1) if before else None,
            "verdict": a["detail"] if a else None,
        })
    by_topic = {t: _score([q for q in questions if q["topic"] == t])
                for t in dict.fromkeys(q["topic"] for q in questions)}
    by_type = {t: _score([q for q in questions if q["type"] == t])
               for t in dict.fromkeys(q["type"] for q in questions)}
    weakest = sorted(by_topic, key=lambda t: (by_topic[t]["score"] or 0.0, -by_topic[t]["total"], t))[:WEAKEST]
    return {
        "id": row["id"], "started_at": row["started_at"], "finished_at": at.isoformat(timespec="seconds"),
        "minutes": row["minutes"], "topics": row["topics"], "seed": row["seed"], "ended": ended,
        "elapsed_seconds": round(row["elapsed_ms"] / 1000, 1),
        "score": _score(questions),
        "by_topic": by_topic, "by_type": by_type, "questions": questions,
        "weakest": [{"topic": t, **by_topic[t],
                     "review": [q["id"] for q in questions if q["topic"] == t and q["status"] != "correct"]}
                    for t in weakest],
        "coding": [{"id": q["id"], "status": q["verdict"]["status"] if q["verdict"] else q["status"],
                    "score": q["verdict"]["score"] if q["verdict"] else 0,
                    "max_score": q["verdict"]["max_score"] if q["verdict"] else None,
                    "hidden": q["verdict"]["hidden"] if q["verdict"] else None}
                   for q in questions if q["kind"] == "coding"],
    }


def history(store: Store) -> list[dict[str, Any]]:
    """One line per interview, newest first."""
    out = []
    for r in reversed(store.interviews()):
        rep = r["report"] or {}
        out.append({"id": r["id"], "started_at": r["started_at"], "minutes": r["minutes"], "topics": r["topics"],
                    "status": r["status"], "ended": rep.get("ended"), "score": rep.get("score"),
                    "questions": len(r["plan"]), "report": r["report"]})
    return out

