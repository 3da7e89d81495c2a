"""Fit the FSRS parameters to the user's own review log (`dlprep stats --optimize`).

The fitting is the fsrs package's optimiser (fsrs[optimizer]: torch, gradient descent over
the cards' review sequences). The log loss we print is computed here, the same way for both
parameter sets: replay each question's reviews in time order with a scheduler using those
parameters, and before each review that comes a day or more after the previous one take the
predicted recall probability; the loss is the mean binary cross-entropy against what happened
(anything but Again counts as recalled). Same-day reviews are left out, as the optimiser does.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

import fsrs

from dlprep.errors import UsageError
from dlprep.scheduler import DEFAULT_PARAMETERS, PARAMETERS_KEY
from dlprep.store import Review, Store

# The optimiser takes gradient steps over mini-batches of 512 eligible reviews and returns the
# defaults unchanged when it has fewer: below that there is nothing to fit.
MIN_REVIEWS = 512


@dataclass(frozen=True)
class Fit:
    reviews: int  # eligible reviews (a day or more after the previous review of the question)
    loss_before: float  # with the defaults
    loss_after: float  # with the fitted parameters
    parameters: tuple[float, ...]


def _sequences(reviews: Sequence[Review]) -> dict[str, list[tuple[datetime, int]]]:
    seqs: dict[str, list[tuple[datetime, int]]] = defaultdict(list)
    for r in reviews:
        seqs[r.question_id].append((r.reviewed_at, r.rating))
    for s in seqs.values():
        s.sort()
    return seqs


def eligible(reviews: Sequence[Review]) -> int:
    """How many reviews the loss (and the optimiser) counts."""
    return sum(1 for s in _sequences(reviews).values()
               for prev, cur in zip(s, s[1:], strict=False) if (cur[0] - prev[0]).days > 0)


def log_loss(reviews: Sequence[Review], parameters: Sequence[float]) -> float:
    sched = fsrs.Scheduler(parameters=tuple(parameters), enable_fuzzing=False)
    total, n = 0.0, 0
    for seq in _sequences(reviews).values():
        card = fsrs.Card(card_id=0, due=seq[0][0])
        for at, rating in seq:
            if card.last_review is not None and (at - card.last_review).days > 0:
                p = min(max(sched.get_card_retrievability(card, at), 1e-7), 1 - 1e-7)
                total -= math.log(p) if rating != fsrs.Rating.Again else math.log(1 - p)
                n += 1
            card, _ = sched.review_card(card, fsrs.Rating(rating), review_datetime=at)
    return total / n if n else math.nan


def fit(reviews: Sequence[Review]) -> Fit:
    """Fit the parameters; UsageError (one line) when the log is too short."""
    n = eligible(reviews)
    if n < MIN_REVIEWS:
        raise UsageError(f"too few reviews to fit FSRS: {n} review(s) a day or more after the previous one "
                         f"of the same question, {MIN_REVIEWS} needed; keep reviewing and try again")
    try:
        from fsrs import Optimizer
    except ImportError as e:  # pragma: no cover - fsrs[optimizer] is a dependency
        raise UsageError(f"the FSRS optimiser is not installed ({e}); pip install 'fsrs[optimizer]'") from None
    ids = {qid: i + 1 for i, qid in enumerate(sorted({r.question_id for r in reviews}))}
    logs = [fsrs.ReviewLog(card_id=ids[r.question_id], rating=fsrs.Rating(r.rating),
                           review_datetime=r.reviewed_at, review_duration=r.duration_ms) for r in reviews]
    params = tuple(float(x) for x in Optimizer(logs).compute_optimal_parameters())
    before, after = log_loss(reviews, DEFAULT_PARAMETERS), log_loss(reviews, params)
    if after > before:  # the optimiser keeps its best epoch, but never make things worse
        params, after = DEFAULT_PARAMETERS, before
    return Fit(n, before, after, params)


def optimize(store: Store) -> Fit:
    """Fit to everything in the store and keep the parameters; the scheduler reads them from now on."""
    result = fit(store.reviews())
    store.set_setting(PARAMETERS_KEY, list(result.parameters))
    return result
