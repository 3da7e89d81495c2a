"""How check results fold into a verdict: the worst status wins, scores add up, and a failing
verdict never shows full marks."""

from __future__ import annotations

from dlprep.results import CheckResult, summarise


def _fold(*tests: CheckResult):
    return summarise("q", list(tests), 0.1, {"level": "test"}, {"count": 0, "passed": 0})


def test_scores_add_up_and_the_worst_status_wins() -> None:
    v = _fold(CheckResult("a", "pass", 1, 1), CheckResult("b", "fail", 0, 1), CheckResult("c", "pass", 1, 1))
    assert (v.status, v.score, v.max_score) == ("fail", 2, 3)


def test_a_failed_check_without_points_keeps_the_score_below_full() -> None:
    cases = [CheckResult(f"case{i}", "pass", 1, 1) for i in range(4)]
    v = _fold(*cases, CheckResult("memory", "fail", message="modified its input in place"))
    assert (v.status, v.score, v.max_score) == ("fail", 3, 4)
    v = _fold(*cases, CheckResult("memory", "pass"))
    assert (v.status, v.score, v.max_score) == ("pass", 4, 4)


def test_no_checks_at_all_fails_closed() -> None:
    assert _fold().status == "error"


def test_a_verdict_survives_its_json_round_trip() -> None:
    """The batch journal stores verdicts as JSON: every field comes back, derived ones are derived again."""
    from dlprep.results import Verdict

    v = _fold(CheckResult("a", "pass", 1, 1, trust="verified"), CheckResult("b", "fail", 0, 1, message="wrong"))
    back = Verdict.from_json(v.to_json())
    assert back == v and back.summary == v.summary


def test_a_pass_needs_every_verified_point() -> None:
    """A check that passes short of its points (0 of 8 hidden cases judged) fails the verdict."""
    v = _fold(CheckResult("public", "pass", 3, 3, trust="verified"),
              CheckResult("hidden (8 cases)", "pass", 0, 8, "0/8 hidden cases passed", trust="verified"))
    assert v.status == "fail" and v.score == 3
    assert "only 0 of its 8 points" in v.tests[1].message


def _strict(*tests: CheckResult):
    return summarise("q", list(tests), 0.1, {"level": "test"}, {"count": 0, "passed": 0}, isolation="strict")


def test_strict_a_failing_reported_check_fails_the_verdict() -> None:
    """Forging a failure gains a submission nothing, so a reported failure still decides the
    status under strict; it scores nothing either way."""
    v = _strict(CheckResult("case", "pass", 2, 2, trust="verified"),
                CheckResult("rules", "fail", message="forbidden call", trust="reported"))
    assert (v.status, v.score, v.max_score) == ("fail", 1, 2)
    assert not v.tests[1].advisory and v.tests[1].max_score == 0


def test_strict_a_passing_reported_check_only_advises() -> None:
    v = _strict(CheckResult("case", "pass", 2, 2, trust="verified"),
                CheckResult("memory", "pass", 1, 1, trust="reported"))
    assert (v.status, v.score, v.max_score) == ("pass", 2, 2)
    assert v.tests[1].advisory
