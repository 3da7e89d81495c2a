"""Spaced repetition with FSRS (the `fsrs` package): one card per question id.

Rating mapping: a judged answer that is wrong rates Again; a right one rates Good, or Hard when a
hint was used. A coding exercise's hints and worked solution, recorded in the store as they are
seen, cap the next rating (`capped`): Hard after a hint, Again after the solution. Open questions
are self-rated and the rating is used as given. A "lapse" is an Again on a card that had graduated
to the Review state (FSRS's and Anki's meaning).

Every graded answer moves its card, in `quiz`, `review` and cram mode alike: FSRS accounts for an
early review itself (a card that is still well remembered gains less stability).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

import fsrs

from dlprep.store import SOLUTION_LEVEL, CardState, Store

DEFAULT_PARAMETERS: tuple[float, ...] = tuple(fsrs.scheduler.DEFAULT_PARAMETERS)

AGAIN, HARD, GOOD, EASY = 1, 2, 3, 4
RATINGS = {"again": AGAIN, "hard": HARD, "good": GOOD, "easy": EASY}
RATING_NAMES = {v: k for k, v in RATINGS.items()}
_REVIEW_STATE = fsrs.State.Review.value


def rating_for(correct: bool, hinted: bool = False) -> int:
    if not correct:
        return AGAIN
    return HARD if hinted else GOOD


def capped(rating: int, help_levels: Sequence[int]) -> int:
    """The rating once the coach's help since the card's last review is counted: after the worked
    solution at most Again (whatever the result), after any hint at most Hard."""
    if SOLUTION_LEVEL in help_levels:
        return AGAIN
    return min(rating, HARD) if help_levels else rating


def correct_for(rating: int) -> bool:
    """A self-rating counts as recalled unless it is Again (FSRS: only Again is a failed recall)."""
    return rating != AGAIN


PARAMETERS_KEY = "fsrs_parameters"  # the store setting `dlprep stats --optimize` writes


class Scheduler:
    def __init__(self, desired_retention: float = 0.9, fuzz: bool = True,
                 parameters: Sequence[float] | None = None) -> None:
        # Fuzzing spreads due dates so that questions learnt together do not stay clumped.
        self._fsrs = fsrs.Scheduler(parameters=tuple(parameters) if parameters else DEFAULT_PARAMETERS,
                                    desired_retention=desired_retention, enable_fuzzing=fuzz)

    @classmethod
    def for_user(cls, store: Store) -> Scheduler:
        """The user's scheduler: desired retention from config.toml, parameters fitted to their own
        log by `dlprep stats --optimize` (FSRS's defaults until then)."""
        from dlprep import config

        params = store.setting(PARAMETERS_KEY)
        return cls(config.retention(), parameters=params if isinstance(params, list) else None)

    @property
    def parameters(self) -> tuple[float, ...]:
        return tuple(self._fsrs.parameters)

    @property
    def desired_retention(self) -> float:
        return float(self._fsrs.desired_retention)

    def review(self, card: CardState | None, question_id: str, rating: int, at: datetime) -> CardState:
        """The card after one review at `at` (a new question starts as a fresh FSRS card)."""
        old = _to_fsrs(card) if card is not None else fsrs.Card(card_id=0, due=at)
        new, _ = self._fsrs.review_card(old, fsrs.Rating(rating), review_datetime=at)
        lapsed = card is not None and card.state == _REVIEW_STATE and rating == AGAIN
        return CardState(
            question_id=question_id,
            state=new.state.value,
            step=new.step,
            stability=new.stability,
            difficulty=new.difficulty,
            due=new.due,
            last_review=new.last_review,
            reps=(card.reps if card else 0) + 1,
            lapses=(card.lapses if card else 0) + int(lapsed),
        )

    def retrievability(self, card: CardState, now: datetime) -> float:
        """Predicted probability of recalling the card now (0 for a card never reviewed)."""
        return float(self._fsrs.get_card_retrievability(_to_fsrs(card), now))


def _to_fsrs(c: CardState) -> fsrs.Card:
    # card_id is given: fsrs.Card() would otherwise sleep 1 ms to make a unique one.
    return fsrs.Card(card_id=0, state=fsrs.State(c.state), step=c.step, stability=c.stability,
                     difficulty=c.difficulty, due=c.due, last_review=c.last_review)


@dataclass(frozen=True)
class Planned:
    question_id: str
    kind: str  # "due", "new" or "ahead"


def plan(
    cards: Mapping[str, CardState],
    candidates: Sequence[str],
    now: datetime,
    new_limit: int,
    limit: int,
    ahead: bool = False,
) -> list[Planned]:
    """What `review` asks, in order: due cards (most overdue first), then with `ahead` the cards
    due soonest (cram), then up to `new_limit` never-seen questions in `candidates` order (the
    curriculum order of topics.yaml). Ids that are not candidates (removed from the banks) keep
    their cards but are never asked."""
    known = [cards[q] for q in candidates if q in cards]
    due = sorted((c for c in known if c.due <= now), key=lambda c: (c.due, c.question_id))
    out = [Planned(c.question_id, "due") for c in due]
    if ahead:
        later = sorted((c for c in known if c.due > now), key=lambda c: (c.due, c.question_id))
        out += [Planned(c.question_id, "ahead") for c in later]
    out += [Planned(q, "new") for q in candidates if q not in cards][: max(0, new_limit)]
    return out[: max(0, limit)]


def next_due(cards: Mapping[str, CardState], candidates: Sequence[str]) -> datetime | None:
    dues = [cards[q].due for q in candidates if q in cards]
    return min(dues) if dues else None


def due_within(card: CardState, now: datetime, days: float) -> bool:
    return card.due <= now + timedelta(days=days)
