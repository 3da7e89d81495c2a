"""Warm-ups: a worker imports torch._dynamo only where what it runs asks for it (sandbox/warmups.py).

Dynamo is a third of a worker's start, and most exercises never reach it; but an optimizer's step
reaches it, so a family or snippet that may step one must find it in the template, not import it
in every run."""

from __future__ import annotations

import os
import time

import pytest
import torch

from dlprep import bank, code_judge, paths
from dlprep.checkers import registry
from dlprep.checkers.sandbox import client, harness, warmups
from dlprep.checkers.sandbox.client import Sandbox
from tests.banks import REPO


@pytest.fixture(autouse=True)
def no_parked_workers():
    """Each test starts its own worker: a parked one (an earlier test's) keeps what it warmed."""
    client._close_parked()


# A call-style run that says whether its process had torch._dynamo before its code ran.
SOURCE = "import sys\nprint('dynamo:', 'torch._dynamo' in sys.modules)\ndef solve(x):\n    return x\n"
JOB = {"harness": "dlprep.checkers.families.tensor_fn.child:run_child", "source": SOURCE, "filename": "probe.py",
       "entry": "solve", "device": "cpu", "timeout": 30}


def _had_dynamo(sb: Sandbox, warm: list[str] | None) -> bool:
    job = dict(JOB) if warm is None else {**JOB, "warm": warm}
    run = sb.run(job, harness.dump({"cases": [{"args": [torch.zeros(1)], "kwargs": {}}]}))
    assert run.ok, run.problem or run.stderr
    said = [line for line in run.stdout.splitlines() if line.startswith("dynamo:")]
    assert said in (["dynamo: True"], ["dynamo: False"]), run.stdout
    return said == ["dynamo: True"]


def test_a_worker_started_light_runs_without_dynamo_until_a_job_names_it():
    with Sandbox() as sb:
        sb.ensure(warm=())
        assert not _had_dynamo(sb, None)  # a light family's runs: no dynamo anywhere
        assert _had_dynamo(sb, [warmups.DYNAMO])  # the template imported it once, before this run...
        assert _had_dynamo(sb, None)  # ... and every later run inherits it


def test_a_worker_started_with_no_grading_in_view_has_dynamo():
    with Sandbox() as sb:
        sb.ensure()  # a quiz session's code judge, verify's workers
        assert _had_dynamo(sb, None)


@pytest.mark.parametrize("checker", ["autograd", "hooks", "module", "torchrun", "compile", "triton"])
def test_families_whose_runs_step_optimizers_name_dynamo(checker):
    assert warmups.DYNAMO in registry.family(checker).warm


def test_snippets_name_dynamo():
    assert warmups.DYNAMO in code_judge.snippet_job("x = 1", "q", 5)["warm"]


def test_a_light_familys_grading_starts_its_worker_without_dynamo():
    """`dlprep submit` of a tensor-function exercise: its worker never imports dynamo (~2.5 s)."""
    from dlprep.checkers.grader import Grader

    q = bank.catalog_or_raise().get("tensor.gather-dispatch.gather-by-hand").q
    with Grader("cpu") as g:
        reference = (REPO / "reference_impls" / "gather_dim" / "reference.py").read_text()
        v = g.grade_source(q, reference, "reference.py", seed=3)
        assert v.passed, v.summary
        assert not _had_dynamo(g.sandbox, None)


def test_a_launched_worker_is_told_what_to_warm_when_the_grader_knows():
    """`dlprep submit` launches the worker before it imports torch itself, and says what to warm
    once it knows the exercise: the first frame the worker reads."""
    with Sandbox() as sb:
        sb.launch()
        assert sb._proc is not None
        pid = sb._proc.pid
        sb.ensure(warm=())
        assert sb.pid == pid  # the launched process, not a second one
        assert not _had_dynamo(sb, None)


def test_a_launched_worker_closed_before_it_is_told_anything_leaves_no_process():
    sb = Sandbox()
    sb.launch()
    assert sb._proc is not None
    pid = sb._proc.pid
    sb.close()
    deadline = time.monotonic() + 10
    while os.path.exists(f"/proc/{pid}") and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not os.path.exists(f"/proc/{pid}")


def test_a_released_worker_serves_the_next_sandbox_started_the_same_way(monkeypatch):
    """Grader.close parks its ready worker; this process's next Grader takes it instead of
    starting one (seconds of CPU). A worker closed after a failure is never parked, nor is one
    taken by a Sandbox started otherwise (another environment: DLPREP_SANDBOX=weak, say)."""
    client._close_parked()  # a worker an earlier test of this process parked would be taken first
    first = Sandbox()
    first.ensure(warm=())
    pid = first.pid
    first.release()
    second = Sandbox()
    second.ensure()
    assert second.pid == pid and not _had_dynamo(second, None)  # taken as it was: light
    second.close()  # as after a failure: killed, not parked
    third = Sandbox()
    third.ensure(warm=())
    third_pid = third.pid  # read before release: `pid` of a released Sandbox starts another worker
    assert third_pid != pid
    third.release()
    monkeypatch.setenv("DLPREP_HOME", "/nonexistent/another-home")  # no worker reads it: still taken
    fourth = Sandbox()
    fourth.ensure(warm=())
    assert fourth.pid == third_pid
    fourth.release()
    monkeypatch.setenv("DLPREP_SANDBOX", "weak")
    with Sandbox() as weak:
        assert weak.pid != third_pid and "netns" not in weak.level
    monkeypatch.delenv("DLPREP_SANDBOX")
    monkeypatch.setenv("DLPREP_EXERCISES", str(paths.exercises_dir()))  # what runs may see: never shared
    parked = {proc.pid for _, proc, _ in client._parked}
    with Sandbox() as other:
        assert other.pid not in parked
    assert len(client._parked) == client.PARKED_MAX


def test_a_spares_rehearsal_draws_nothing_and_leaves_nothing_behind():
    """Every spare runs harness.rehearse() before its job arrives (worker.py): the run it becomes
    must start from the template's state. So the rehearsal advances no random stream and leaves no
    module, traceback source, thread or rule hit behind; and it is repeatable."""
    import linecache
    import random
    import sys
    import threading

    import numpy as np

    from dlprep.checkers.sandbox import enforce, global_rng  # noqa: F401  (imported by the template too)

    torch.manual_seed(7)
    random.seed(7)
    np.random.seed(7)
    streams = (random.getstate(), np.random.get_state(legacy=False)["state"]["key"].tobytes(), torch.get_rng_state())
    modules, sources, threads, hits = set(sys.modules), dict(linecache.cache), threading.active_count(), enforce.hits()
    for _ in range(2):
        harness.rehearse()
    assert random.getstate() == streams[0]
    assert np.random.get_state(legacy=False)["state"]["key"].tobytes() == streams[1]
    assert torch.equal(torch.get_rng_state(), streams[2])
    assert set(sys.modules) == modules and linecache.cache == sources
    assert threading.active_count() == threads and enforce.hits() == hits
