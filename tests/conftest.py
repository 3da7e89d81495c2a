"""Shared fixtures: questions built in code (independent of the banks) and one warm grader."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from dlprep.models import CodingQuestion, Text


def coding_question(exercise: str, checker: str, **config: object) -> CodingQuestion:
    return CodingQuestion(id=f"test.{exercise}", type="coding", exercise=exercise, checker=checker,
                          config=config, prompt=Text(zh="题", en="q"), explanation=Text(zh="解", en="e"))


@pytest.fixture(scope="session")
def grader() -> Iterator[object]:
    from dlprep.checkers.grader import Grader

    g = Grader("cpu", timeout=8)
    yield g
    g.close()
