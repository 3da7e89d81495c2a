"""What the family tests share: a verdict's messages as one text, and 'this source fails with ...'."""

from __future__ import annotations

from typing import Any


def messages(verdict: Any) -> str:
    return "\n".join(f"{t.name}: {t.status}: {t.message}" for t in verdict.tests)


def failure(grader: Any, qid: str, source: str, seed: int = 1) -> str:
    """Grade `source` for question `qid`; it must fail; its messages, for the caller to look into."""
    v = grader.grade_source(qid, source, "s.py", seed=seed)
    assert v.status == "fail", f"expected a failing verdict, got {v.status}:\n{messages(v)}"
    return messages(v)


def exercise_source(exercise: str, name: str = "reference.py") -> str:
    """A file of an exercise folder; a mutant (`mutants/NAME.py`) is rendered from its diff."""
    from dlprep import mutants
    from tests.banks import REPO

    folder = REPO / "reference_impls" / exercise
    return mutants.source_of(folder, name) if name.startswith("mutants/") else (folder / name).read_text()
