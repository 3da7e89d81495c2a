"""Shared fixtures: questions built in code (independent of the banks) and one warm grader."""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from dlprep.executors import share_cores
from dlprep.models import CodingQuestion, Text

# xdist's workers run torch side by side, and so do the sandbox workers and CLI processes they start:
# each gets its share of the cores (executors.share_cores says why spinning threads cost 4-5x).
if os.environ.get("PYTEST_XDIST_WORKER_COUNT", "").isdigit():
    share_cores(int(os.environ["PYTEST_XDIST_WORKER_COUNT"]))

# Most CLI tests give each test a home of its own; with the cache inside it, each would rebuild the
# spot-the-bug cards from ~950 files (seconds of CPU per test). The cache is keyed by content, so
# one run's tests share one: under xdist the controller loads this file first and sets it, and
# every worker inherits its value. Tests of the cache itself unset it.
os.environ.setdefault("DLPREP_CACHE_DIR", str(Path(tempfile.gettempdir()) / (
    f"dlprep-test-cache-{os.getuid()}-{os.environ.get('PYTEST_XDIST_TESTRUNUID') or os.getpid()}")))


def _cards_built_once() -> None:
    """The xdist workers all start by collecting test modules that load the banks: with an empty
    cache each built every exercise's cards at once (~10 s of CPU each, three of them wasted). One
    builds them under this lock; the others wait, then read them back from the shared cache. Only
    in a worker: xdist's controller collects nothing, and a build there held back every worker's
    start by the whole build."""
    import fcntl

    from dlprep import bank

    folder = Path(os.environ["DLPREP_CACHE_DIR"])
    try:
        folder.mkdir(parents=True, exist_ok=True)
        lock = open(folder / "build.lock", "w")
    except OSError:  # an unwritable cache dir costs time, never the run
        return
    with lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        bank.load_catalog()  # a broken bank is reported by the tests that load it, not here


if os.environ.get("PYTEST_XDIST_WORKER"):
    _cards_built_once()


def _comm(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/comm") as f:
            return f.read().strip()
    except OSError:
        return ""


def leftovers(worker_pid: int, wait_s: float = 10.0) -> list[int]:
    """Descendants of a warm worker once its last run is cleaned up: there must be none but the
    template the runs fork from and its worker.SPARES spares waiting for the next jobs (escapees
    re-parent to the run's pid-namespace init or, with weak isolation, to the worker itself). The
    worker answers as soon as the result is in and kills the run right after, so the run's process
    may take a moment to go."""
    from dlprep.checkers.sandbox import zygote
    from dlprep.checkers.sandbox.isolation import children_of
    from dlprep.checkers.sandbox.worker import SPARE_NAME, SPARES, USERNS_WAITER

    if _comm(worker_pid) == USERNS_WAITER:  # rootless: the worker proper is its only child
        worker_pid = children_of(worker_pid)[0]
    deadline = time.monotonic() + wait_s
    while True:
        found, todo = [], [worker_pid]
        while todo:
            kids = children_of(todo.pop())
            found += kids
            todo += kids
        templates = [p for p in found if _comm(p) == zygote.NAME]
        ahead = [p for t in templates for p in children_of(t) if _comm(p) == SPARE_NAME][:SPARES]
        # each spare is two processes: its trusted parent and the submission's, forked ahead
        spare = set(ahead) | {k for p in ahead for k in children_of(p)}
        found = [p for p in found if p not in spare and p not in templates]
        if not found or time.monotonic() > deadline:
            return found
        time.sleep(0.02)


def coding_question(exercise: str, checker: str, **config: object) -> CodingQuestion:
    return CodingQuestion(id=f"test.{exercise}", type="coding", exercise=exercise, checker=checker,
                          config=config, prompt=Text(zh="题", en="q"), explanation=Text(zh="解", en="e"))


@pytest.fixture(scope="session")
def grader() -> Iterator[object]:
    from dlprep.checkers.grader import Grader

    # The exercises' own time limits: a shorter override made slow-but-right runs (gradcheck on a
    # loaded machine) time out now and then. Tests about timeouts set their own short limits.
    g = Grader("cpu")
    yield g
    g.close()


@pytest.fixture(scope="module")
def code_judge():
    """A warm sandbox worker for code answers (short answers' `judge`, variants, spot-the-bug inputs)."""
    from dlprep.code_judge import CodeJudge

    cj = CodeJudge()
    yield cj
    cj.close()
