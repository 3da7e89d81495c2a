"""Forgeries of what the grader relies on: each must end not passed, or with the forged fact in a
check marked `reported`, which strict isolation shows as advisory and never scores."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dlprep.checkers.grader import Grader
from dlprep.errors import UsageError
from dlprep.results import CheckResult, summarise
from tests.conftest import coding_question, leftovers

HERE = Path(__file__).parent / "adversarial"
ROOT = Path(__file__).parents[1]
VIEW = coding_question("transpose_as_strided", "stride_view")
MATMUL = coding_question("batched_matmul", "tensor_fn")


@pytest.fixture(scope="module")
def strict():
    g = Grader("cpu", timeout=8, isolation="strict")
    yield g
    g.close()


def _messages(v) -> str:
    return "\n".join(f"{t.name} [{t.trust}{', advisory' if t.advisory else ''}]: {t.message}" for t in v.tests)


def _check(v, name):
    return next(t for t in v.tests if t.name == name)


def test_strict_scores_reported_checks_nothing_and_a_failing_one_still_fails():
    """Under strict a reported check is worth 0 of 0: a passing one only advises, a failing one
    still fails the verdict (forging a failure of one's own gains nothing)."""
    tests = [CheckResult("hidden", "pass", 4.0, 4.0, trust="verified"),
             CheckResult("cleanup", "fail", message="left a thread", trust="reported")]
    best = summarise("q", tests, 0.0, {}, {"count": 4, "passed": 4})
    strict = summarise("q", tests, 0.0, {}, {"count": 4, "passed": 4}, isolation="strict")
    assert best.status == "fail" and best.isolation == "best"
    assert strict.status == "fail" and strict.max_score == 4.0 and strict.isolation == "strict"
    assert strict.tests[1].status == "fail" and strict.tests[1].max_score == 0
    passing = summarise("q", [tests[0], CheckResult("cleanup", "pass", trust="reported")], 0.0, {},
                        {"count": 4, "passed": 4}, isolation="strict")
    assert passing.status == "pass" and passing.tests[1].advisory
    only_reported = summarise("q", tests[1:], 0.0, {}, {"count": 0, "passed": 0}, isolation="strict")
    assert only_reported.status != "pass"  # nothing verified: never a pass (the grader adds its `strict` error row)


def test_unknown_isolation_is_a_usage_error():
    with pytest.raises(UsageError, match="unknown isolation"):
        Grader("cpu", isolation="loose")


def test_reference_passes_strict_with_every_check_marked(strict):
    ref = (ROOT / "reference_impls/transpose_as_strided/reference.py").read_text()
    v = strict.grade_source(VIEW, ref, "reference.py", seed=3)
    assert v.status == "pass" and v.score == v.max_score > 0, _messages(v)
    assert {t.trust for t in v.tests} <= {"verified", "reported"}
    assert _check(v, "memory").trust == "reported" and _check(v, "memory").advisory
    assert v.to_json()["tests"][0]["trust"] == "verified" and v.to_json()["isolation"] == "strict"


def test_copy_passed_off_as_a_view_is_only_ever_a_reported_claim(grader, strict):
    """Patching harness.describe makes a copy claim the view's layout and sharing. The layout
    rebuilds from the grader's copy of the input (the values are right), so what is forged is the
    aliasing alone: a `reported` check, advisory under strict."""
    src = (HERE / "forge_view_claim.py").read_text()
    v = strict.grade_source(VIEW, src, "forge_view_claim.py", seed=3)
    memory = _check(v, "memory")
    # worth nothing under strict; advisory when it passes, failing the verdict when it fails
    assert memory.trust == "reported" and memory.max_score == 0, _messages(v)
    assert memory.advisory == (memory.status == "pass"), _messages(v)
    assert all(t.trust == "verified" for t in v.tests if t.max_score), _messages(v)
    assert leftovers(strict.sandbox.pid) == []


def test_claimed_layout_that_does_not_rebuild_fails_verified(strict):
    src = (HERE / "forge_bad_layout.py").read_text()
    v = strict.grade_source(VIEW, src, "forge_bad_layout.py", seed=3)
    assert v.status == "fail", _messages(v)
    assert re.search(r"claims to be a view of input 0, but rebuilding that view", _messages(v)), _messages(v)
    assert any(t.trust == "verified" and t.status == "fail" for t in v.tests)


def test_input_mutation_fails_verified_through_a_second_call(grader, strict):
    """The child calls the entry again on the same inputs: a first call that zeroed one shows in the
    second result's values, judged in the grader (verified); the reported memory fact fails too."""
    src = (HERE / "mutate_inputs.py").read_text()
    best = grader.grade_source(MATMUL, src, "mutate_inputs.py", seed=1)
    assert best.status == "fail" and _check(best, "memory").trust == "reported", _messages(best)
    v = strict.grade_source(MATMUL, src, "mutate_inputs.py", seed=1)
    assert v.status == "fail" and _check(v, "memory").status == "fail", _messages(v)
    assert any(t.trust == "verified" and t.status == "fail" and "second call" in (t.message or "")
               for t in v.tests), _messages(v)


@pytest.mark.parametrize("name, caught", [
    # the frame it writes reaches only the trusted parent, which counts the leftover process
    # itself (or, when the forged frame does not parse as a result, finds no result at all)
    ("forge_result_fd", r"left \d+ process\(es\) running|exited with status 0 without a result"),
    ("forge_run_facts", r"left \d+ process\(es\) running"),
])
def test_forged_facts_cannot_hide_a_leftover_process(grader, strict, name, caught):
    """The submission's process never holds the result channel, and the count of processes left
    behind is taken by the run's trusted parent once the frame is in: forging either fails."""
    src = (HERE / f"{name}.py").read_text()
    for g in (grader, strict):
        v = g.grade_source(MATMUL, src, f"{name}.py", seed=1)
        assert v.status in ("fail", "error"), _messages(v)
        failed = [t for t in v.tests if t.status in ("fail", "error") and not t.advisory]
        assert failed and all(t.trust == "verified" for t in failed), _messages(v)
        assert re.search(caught, _messages(v)), _messages(v)
        assert leftovers(g.sandbox.pid) == []


CAPTURE = coding_question("capture_linear_activations", "hooks", hidden=2).model_copy(update={"entry": "capture"})


@pytest.mark.parametrize("name, question, forged, caught_in_best", [
    # an instance attribute shadows the tensor method the child reads the input back with
    ("forge_detach_attr", MATMUL, "memory", True),
    # a hook dict whose len() is 0 while its hooks still fire
    ("forge_hook_dict", CAPTURE, "hooks", True),
    # a GC callback rewrites the collected facts after the function returned: whether it lands
    # depends on when a collection runs, so only strict's answer is certain
    ("forge_gc_callback", MATMUL, "memory", False),
])
def test_objects_that_lie_and_late_rewrites_forge_only_reported_checks(grader, strict, name, question, forged,
                                                                        caught_in_best):
    """Each forgery hides a real fault (an input zeroed, hooks left on the model) behind what the
    submission's process reports. The child reads through the class (Tensor.detach, dict.__len__),
    so self-study still catches the fault; under strict the check is reported, advisory and worth
    nothing, and every check that scores was decided in the grader."""
    src = (HERE / f"{name}.py").read_text()
    if caught_in_best:
        best = grader.grade_source(question, src, f"{name}.py", seed=1)
        assert best.status == "fail" and _check(best, forged).status == "fail", _messages(best)
    v = strict.grade_source(question, src, f"{name}.py", seed=1)
    check = _check(v, forged)
    assert check.trust == "reported" and check.max_score == 0, _messages(v)
    assert check.advisory == (check.status == "pass"), _messages(v)
    scored = [t for t in v.tests if t.max_score > 0]
    assert scored and all(t.trust == "verified" for t in scored), _messages(v)
    assert leftovers(strict.sandbox.pid) == []


def test_strict_says_in_one_line_when_nothing_verified_is_left(strict):
    """A Triton exercise solved without a kernel: the kernel check (reported) holds every point,
    so strict has nothing verified to score and says so in one line."""
    q = coding_question("triton_vector_add", "triton", hidden=1)
    src = "def solve(x, y, out):\n    out.copy_(x + y)\n"
    v = strict.grade_source(q, src, "s.py", seed=1)
    assert v.status == "error", _messages(v)
    note = _check(v, "strict")
    assert note.trust == "verified" and "none is left" in (note.message or ""), _messages(v)
