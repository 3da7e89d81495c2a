"""Forbidden calls: stated from their one declaration (prompt and starter), read from the solution's
code but not from its `__main__` self-test, and reported as their own row and summary line."""

from __future__ import annotations

import pytest

from dlprep.bank import catalog_or_raise
from dlprep.checkers.rules import violations
from dlprep.exercise_rules import starter_header, statement
from dlprep.models import CodingQuestion
from dlprep.results import CheckResult, summarise

CODING = [lq.q for lq in catalog_or_raise().questions.values()
          if isinstance(lq.q, CodingQuestion) and lq.q.config.get("forbid")]


def test_some_exercises_forbid_calls():
    assert len(CODING) >= 10


@pytest.mark.parametrize("q", CODING, ids=lambda q: q.id)
def test_every_forbidden_name_is_stated_in_both_languages_and_in_the_starter(q):
    text = statement(q)
    header = starter_header(q)
    assert text is not None
    for rule in q.config["forbid"]:
        assert f"`{rule}`" in text.en and f"`{rule}`" in text.zh
        assert rule in header  # (wrapped lines break only between names)
    assert all(line.startswith("# ") for line in header.splitlines())


def test_the_prompt_shown_states_the_rules():
    from dlprep.cli import render

    q = next(q for q in CODING if q.exercise == "batched_matmul")
    with render.console().capture() as cap:
        render.print_question(q, "en")
    shown = " ".join(cap.get().replace("│", " ").split())
    assert "Not allowed in your solution: `torch.matmul`, `torch.bmm`" in shown


def test_no_statement_where_nothing_is_forbidden():
    q = next(lq.q for lq in catalog_or_raise().questions.values()
             if isinstance(lq.q, CodingQuestion) and not lq.q.config.get("forbid"))
    assert statement(q) is None and starter_header(q) == ""


SOURCE = '''import torch


def solve(a, b):
    return (a.unsqueeze(-1) * b.unsqueeze(-3)).sum(-2)


if __name__ == "__main__":
    x = torch.randn(2, 3, 4)
    assert torch.allclose(solve(x, x.mT), torch.bmm(x, x.mT))
else:
    CHECK = torch.bmm
'''


def test_main_block_is_exempt_but_its_else_branch_is_not():
    assert violations(SOURCE, ["torch.bmm"]) == [(12, "torch.bmm")]
    assert violations(SOURCE.replace("else:\n    CHECK = torch.bmm\n", ""), ["torch.bmm"]) == []
    reversed_guard = SOURCE.replace('__name__ == "__main__"', '"__main__" == __name__')
    assert violations(reversed_guard, ["torch.bmm"]) == [(12, "torch.bmm")]
    # a guard nested in a function is not the file's self-test
    nested = "import torch\ndef f():\n    if __name__ == '__main__':\n        torch.bmm\n"
    assert violations(nested, ["torch.bmm"]) == [(4, "torch.bmm")]


def test_a_rule_hit_is_its_own_failing_row_and_the_summary_line():
    tests = [CheckResult("public/small", "pass", 0.0, 2.0, trust="verified"),
             CheckResult("rules", "fail", message="line 12: forbidden call torch.stack",
                         details={"rule": "torch.stack", "line": 12}, trust="verified")]
    v = summarise("q", tests, 0.1, {}, {"count": 0, "passed": 0})
    assert v.status == "fail" and v.summary == "failed: forbidden call torch.stack at line 12"
    assert v.to_json()["summary"] == v.summary
    ok = summarise("q", [CheckResult("public/small", "pass", 2.0, 2.0, trust="verified")], 0.1, {},
                   {"count": 0, "passed": 0})
    assert ok.summary == "passed: 2/2"
    # a pass short of its points (what a rule hit leaves of a check) is not a pass on its own
    assert summarise("q", tests[:1], 0.1, {}, {"count": 0, "passed": 0}).status == "fail"


def test_sources_are_parsed_one_thread_at_a_time(monkeypatch):
    """A batch grades in several threads; CPython 3.11's ast.parse is not safe to run in two at once
    (a spurious SystemError failed one grading in 200), so the rules scan holds a lock around it."""
    import ast
    import threading
    import time

    from dlprep.checkers import rules

    inside, most, real = [0], [0], ast.parse
    guard = threading.Lock()

    def slow_parse(source, *a, **kw):  # type: ignore[no-untyped-def]
        with guard:
            inside[0] += 1
            most[0] = max(most[0], inside[0])
        time.sleep(0.01)
        try:
            return real(source, *a, **kw)
        finally:
            with guard:
                inside[0] -= 1

    monkeypatch.setattr(rules.ast, "parse", slow_parse)
    threads = [threading.Thread(target=rules.violations, args=("import torch\ntorch.bmm(a, b)\n", ["torch.bmm"]))
               for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert most[0] == 1
