"""The Ray executor against the local one: same verdicts for the same seed (grade and verify),
a worker killed mid-batch loses nothing, and the private runtime listens on 127.0.0.1 only.

One local Ray runtime (2 CPUs, 2 actors) serves the whole module: starting Ray and warming an
actor's sandbox worker is most of the cost here."""

from __future__ import annotations

import importlib.util
import os
import re
import signal
import subprocess

import pytest

from dlprep import bank, batch, verify
from dlprep.executors import GraderSpec, LocalExecutor, RayExecutor
from tests.grade_class import QID, build

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="needs dlprep[ray]")]

SPEC = GraderSpec("cpu", "best", 4.0)  # short limit: the class holds a hanging submission
SEED = 1234
# a subset of one topic, one question of each kind that runs code: an exercise, an output snippet, a probe
VERIFY_IDS = ["tensor.gather-dispatch.gather-by-hand", "tensor.gather-dispatch.gather-basic",
              "tensor.gather-dispatch.gather-shape-rules"]


@pytest.fixture(scope="module")
def ray_ex():
    import ray

    ex = RayExecutor(2, SPEC)
    yield ex
    ex.close()
    ray.shutdown()


@pytest.fixture(scope="module")
def klass(tmp_path_factory):
    root = tmp_path_factory.mktemp("rayclass")
    expected = build(root, n=14, hangs=1, folders=1)
    q = bank.catalog_or_raise().get(QID).q
    return q, batch.collect(q, [root]), expected, root


def _verdicts(report: batch.BatchReport) -> dict[str, tuple[str, float, float]]:
    return {r.submitter: (r.verdict.status, r.verdict.score, r.verdict.max_score) for r in report.rows}


def test_the_runtime_listens_on_loopback_only(ray_ex):
    """Every socket a process of our Ray runtime listens on is bound to 127.0.0.1."""
    ray_ex.pids()  # the actors are up
    mine = _descendants(os.getpid())
    out = subprocess.run(["ss", "-Hltnp"], capture_output=True, text=True, check=True).stdout
    ours = [line for line in out.splitlines() if {int(p) for p in re.findall(r"pid=(\d+)", line)} & mine]
    assert len(ours) >= 3, out  # the GCS, the raylet and the actors at least
    for line in ours:
        local = line.split()[3]
        assert local.rsplit(":", 1)[0] in ("127.0.0.1", "[::ffff:127.0.0.1]", "[::1]"), line
    assert os.environ["RAY_USAGE_STATS_ENABLED"] == "0"


def _descendants(pid: int) -> set[int]:
    from dlprep.checkers.sandbox.isolation import children_of

    found, todo = set(), [pid]
    while todo:
        kids = children_of(todo.pop())
        found.update(kids)
        todo += kids
    return found


def test_grade_same_verdicts_as_local(ray_ex, klass, tmp_path):
    q, subs, expected, _ = klass
    local = batch.grade_batch(q, subs, LocalExecutor(1, SPEC), batch.Journal(tmp_path / "local.jsonl"), SEED)
    remote = batch.grade_batch(q, subs, ray_ex, batch.Journal(tmp_path / "ray.jsonl"), SEED, executor_name="ray")
    assert _verdicts(remote) == _verdicts(local)
    assert {k: v[0] for k, v in _verdicts(remote).items()} == expected
    assert remote.executor == "ray" and remote.workers == 2 and remote.graded == len(subs)


def test_verify_same_verdicts_as_local(ray_ex):
    catalog = bank.catalog_or_raise()
    selection = verify.select(catalog, VERIFY_IDS)
    local = verify.run(catalog, selection, LocalExecutor(1, SPEC), with_coverage=False)
    remote = verify.run(catalog, selection, ray_ex, with_coverage=False)  # the same warm actors as grade's
    assert [(r.id, r.status, r.message) for r in remote.results] == [
        (r.id, r.status, r.message) for r in local.results]
    assert len(remote.results) == len(VERIFY_IDS) and remote.ok


def test_a_worker_killed_mid_batch_loses_nothing(ray_ex, klass, tmp_path):
    """Kill one actor's process after the first verdict: Ray restarts it and re-runs its tasks."""
    q, subs, expected, _ = klass
    pids = ray_ex.pids()
    killed: list[int] = []

    def kill_once(sub: object, v: object) -> None:
        if not killed:
            os.kill(pids[0], signal.SIGKILL)
            killed.append(pids[0])

    journal = batch.Journal(tmp_path / "killed.jsonl")
    report = batch.grade_batch(q, subs, ray_ex, journal, SEED, on_result=kill_once, executor_name="ray")
    assert killed
    assert {k: v[0] for k, v in _verdicts(report).items()} == expected
    assert report.graded == len(subs) and len(journal.read()[0]) == len(subs)
    assert pids[0] not in ray_ex.pids()  # a fresh process took the dead actor's place

