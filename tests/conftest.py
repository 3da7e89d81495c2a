"""Shared fixtures: questions built in code (independent of the banks) and one warm grader."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from dlprep.models import CodingQuestion, Text


def leftovers(worker_pid: int, wait_s: float = 10.0) -> list[int]:
    """Descendants of a warm worker once its last run is cleaned up: there must be none (escapees
    re-parent to the run's pid-namespace init or, with weak isolation, to the worker itself). The
    worker answers as soon as the result is in and kills the run right after, so the run's
    process may take a moment to go."""
    from dlprep.checkers.isolation import children_of

    deadline = time.monotonic() + wait_s
    while True:
        found, todo = [], [worker_pid]
        while todo:
            kids = children_of(todo.pop())
            found += kids
            todo += kids
        if not found or time.monotonic() > deadline:
            return found
        time.sleep(0.02)


def coding_question(exercise: str, checker: str, **config: object) -> CodingQuestion:
    return CodingQuestion(id=f"test.{exercise}", type="coding", exercise=exercise, checker=checker,
                          config=config, prompt=Text(zh="题", en="q"), explanation=Text(zh="解", en="e"))


@pytest.fixture(scope="session")
def grader() -> Iterator[object]:
    from dlprep.checkers.grader import Grader

    g = Grader("cpu", timeout=8)
    yield g
    g.close()
