"""What backs each choice, true/false and short key: a probe that computes it on the installed
torch/triton, or `evidence: docs` (a claim no program can check, resting on official refs).

Counted two ways with one shape: from the banks alone (`dlprep stats --bank`: a question with a
probe counts as probed) and from a verify run (a probe counts as proved only when it ran and
agreed with the key; a question skipped here counts as skipped).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

PROVABLE = ("choice", "true_false", "short")
PROVED, DOCS = "proved", "docs"


def backing(q: Any) -> str | None:
    """How a question's key is meant to be shown true: `probe`, `docs`, or None (nothing)."""
    if getattr(q, "probe", None):
        return "probe"
    if q.evidence == "docs":
        return "docs"
    return None


@dataclass(frozen=True)
class Tally:
    questions: int = 0
    proved: int = 0  # from the banks: has a probe; from verify: the probe ran and agreed
    docs: int = 0
    skipped: int = 0  # verify only: could not run here (see `requires`)

    def __add__(self, o: Tally) -> Tally:
        return Tally(self.questions + o.questions, self.proved + o.proved, self.docs + o.docs,
                     self.skipped + o.skipped)

    @property
    def ran(self) -> int:
        return self.questions - self.skipped

    @property
    def proved_share(self) -> float | None:
        """Proved among the questions that could run here."""
        return round(self.proved / self.ran, 4) if self.ran else None

    @property
    def docs_share(self) -> float | None:
        return round(self.docs / self.ran, 4) if self.ran else None

    def to_json(self) -> dict[str, Any]:
        return {"questions": self.questions, "proved": self.proved, "docs": self.docs, "skipped": self.skipped,
                "proved_share": self.proved_share, "docs_share": self.docs_share}


@dataclass(frozen=True)
class Evidence:
    """Tallies per (topic, type), with the totals per topic, per type and overall."""

    cells: dict[tuple[str, str], Tally]

    def topics(self) -> list[str]:
        return sorted({t for t, _ in self.cells})

    def by_topic(self, topic: str) -> Tally:
        return sum((v for (t, _), v in self.cells.items() if t == topic), Tally())

    def by_type(self, qtype: str) -> Tally:
        return sum((v for (_, k), v in self.cells.items() if k == qtype), Tally())

    @property
    def overall(self) -> Tally:
        return sum(self.cells.values(), Tally())

    def to_json(self) -> dict[str, Any]:
        return {"overall": self.overall.to_json(),
                "by_type": {k: self.by_type(k).to_json() for k in PROVABLE},
                "by_topic": {t: {"all": self.by_topic(t).to_json(),
                                 **{k: v.to_json() for (tt, k), v in sorted(self.cells.items()) if tt == t}}
                             for t in self.topics()}}


def _collect(rows: Iterable[tuple[str, str, Tally]]) -> Evidence:
    cells: dict[tuple[str, str], Tally] = {}
    for topic, qtype, t in rows:
        if qtype in PROVABLE:
            cells[(topic, qtype)] = cells.get((topic, qtype), Tally()) + t
    return Evidence(cells)


def from_banks(questions: Iterable[Any]) -> Evidence:
    """From loaded questions (LoadedQuestion): what each key claims to rest on, nothing run."""
    return _collect((lq.topic, lq.q.type, Tally(1, backing(lq.q) == "probe", backing(lq.q) == "docs"))
                    for lq in questions)


def from_results(results: Iterable[Any]) -> Evidence:
    """From verify's QuestionResults: proved only when the probe ran and agreed."""
    return _collect((r.topic, r.kind, Tally(1, r.status == "passed" and r.evidence == PROVED,
                                            r.status == "passed" and r.evidence == DOCS, r.status == "skipped"))
                    for r in results)
