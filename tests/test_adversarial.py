"""Hostile submissions: each must end as fail/error/timeout with its own message, while the grader
stays healthy, no process of the run survives, and nothing is written outside the run's dir."""

from __future__ import annotations

import re
import socket
from pathlib import Path

import pytest
import torch
import yaml

from dlprep.checkers.sandbox.isolation import UID_BASE, UID_SPAN, processes_of
from tests.conftest import coding_question, leftovers

HERE = Path(__file__).parent / "adversarial"
Q = coding_question("batched_matmul", "tensor_fn")
# the bank's own rules for this exercise: the evade_rule_* files must be caught where they run
Q_RULES = coding_question("batched_matmul", "tensor_fn", forbid=[
    "torch.matmul", "torch.bmm", "torch.mm", "torch.einsum", ".matmul", ".bmm", ".mm", "@"])
MARKERS = [Path("/tmp/dlprep_adv_marker"), Path.home() / "dlprep_adv_marker", Path("/root/dlprep_adv_marker"),
           Path("/tmp/dlprep_adv_pickle_marker")]

CASES = {name: (set(c["status"]), c["message"])
         for name, c in yaml.safe_load((HERE / "cases.yaml").read_text(encoding="utf-8")).items()}


def _messages(verdict) -> str:
    return "\n".join(f"{t.name}: {t.message}" for t in verdict.tests)


@pytest.fixture(autouse=True)
def _clean_markers():
    for m in MARKERS:
        m.unlink(missing_ok=True)
    yield
    for m in MARKERS:
        assert not m.exists(), f"{m} was written outside the sandbox"
        m.unlink(missing_ok=True)


@pytest.fixture
def grader(grader, monkeypatch):
    # Hostile runs that hang are cut at 8 s, not at the exercise's own limit.
    monkeypatch.setattr(grader, "timeout", 8.0)
    return grader


@pytest.mark.parametrize("name", sorted(CASES))
def test_hostile_submission_is_caught(grader, name):
    statuses, pattern = CASES[name]
    source = (HERE / f"{name}.py").read_text()
    verdict = grader.grade_source(Q_RULES if name.startswith("evade_rule") else Q, source, f"{name}.py", seed=1)
    assert verdict.status in statuses, _messages(verdict)
    assert verdict.score < verdict.max_score or verdict.status != "pass"
    assert re.search(pattern, _messages(verdict)), _messages(verdict)
    assert leftovers(grader.sandbox.pid) == [], "a process of the run survived"
    # the grader is still healthy: the reference passes right after
    ref = (Path(__file__).parents[1] / "reference_impls/batched_matmul/reference.py").read_text()
    assert grader.grade_source(Q, ref, "reference.py", seed=2).status == "pass"


def test_network_is_unreachable_from_the_sandbox(grader):
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(1)
        listener.settimeout(0.5)
        port = listener.getsockname()[1]
        source = (HERE / "socket_connect.py").read_text().replace("PORT", str(port))
        verdict = grader.grade_source(Q, source, "socket_connect.py", seed=1)
        assert verdict.status == "error", _messages(verdict)
        assert re.search(r"ConnectionRefusedError|unreachable|timed out", _messages(verdict)), _messages(verdict)
        with pytest.raises(TimeoutError):
            listener.accept()  # nothing got through
    assert verdict.sandbox["network"] is False


def test_weak_level_is_recorded_when_namespaces_are_unavailable(monkeypatch):
    from dlprep.checkers.grader import Grader

    monkeypatch.setenv("DLPREP_SANDBOX", "weak")
    with Grader("cpu", timeout=8) as g:
        ref = (Path(__file__).parents[1] / "reference_impls/batched_matmul/reference.py").read_text()
        v = g.grade_source(Q, ref, "reference.py", seed=3)
    assert v.status == "pass"
    assert v.sandbox == {"level": "rlimits+pgroup", "network": True}


def test_processes_of_finds_nothing_for_an_unused_uid():
    assert processes_of(UID_BASE + UID_SPAN + 7) == []


def test_all_output_printed_before_the_result_arrives_although_the_worker_answers_early():
    """The worker replies as soon as the framed result is in, without waiting for the process to
    exit: output written before it (more than a pipe holds, some of it still in a buffer the code
    made itself, which the worker flushes before it sends the result) must all be there."""
    from dlprep.checkers.sandbox import harness
    from dlprep.checkers.sandbox.client import Sandbox

    source = ("import sys\nsys.stdout = open(1, 'w', buffering=1 << 20, closefd=False)\n"
              "def solve(x):\n    print('o' * 300_000)\n    sys.stderr.write('e' * 150_000)\n    return x\n")
    job = {"harness": "dlprep.checkers.families.tensor_fn.child:run_child", "source": source, "filename": "chatty.py",
           "entry": "solve", "device": "cpu", "timeout": 20}
    with Sandbox() as sb:
        run = sb.run(job, harness.dump({"cases": [{"args": [torch.ones(2)], "kwargs": {}}]}))
        assert run.ok, run.problem
        # the call-style child calls the entry twice per case (the second call on the same inputs)
        assert run.stdout == ("o" * 300_000 + "\n") * 2 and run.stderr == "e" * 300_000
        assert leftovers(sb.pid) == []


@pytest.mark.parametrize("name", ["drop_hidden_results", "extra_results"])
def test_a_partial_answer_fails_closed_under_strict_too(name):
    """Strict scores verified checks only; a run that answers fewer or more cases than were sent
    is an error there as well (it once passed as 'pass 0/8')."""
    from dlprep.checkers.grader import Grader
    from dlprep.checkers.sandbox.isolation import full_isolation

    with Grader("cpu", timeout=8, isolation="best") as g:
        g.sandbox.ensure()
        if full_isolation(g.sandbox.level):
            pytest.skip(f"no full isolation here ({g.sandbox.level})")
        g.isolation = "strict"
        v = g.grade_source(Q, (HERE / f"{name}.py").read_text(), f"{name}.py", seed=1)
    assert v.status == "error" and v.score == 0, _messages(v)
    assert re.search(r"cases were sent .* returned \d+ case results", _messages(v)), _messages(v)
