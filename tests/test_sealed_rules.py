"""Forbidden calls enforced below Python: where an exercise forbids an operation in any form
(`config.forbid_in_any_form`), the aten ops its forbidden callables compute are watched in the run,
so a C entry point, `torch.ops.aten`, a name built at run time, the operator module or a library
function built on the op is caught where the names alone are not; the allowed spelling still passes.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dlprep.checkers.sandbox import enforce
from dlprep.exercise_rules import any_form_rules, statement
from tests.conftest import coding_question
from tests.grading import exercise_source

HERE = Path(__file__).parent / "adversarial"
FORBID = ["torch.matmul", "torch.bmm", "torch.mm", "torch.einsum", "torch.tensordot", "torch.baddbmm", "torch.addmm",
          ".matmul", ".bmm", ".mm", ".baddbmm", "@"]
Q_ANY = coding_question("batched_matmul", "tensor_fn", forbid=FORBID, forbid_in_any_form=True)
Q_NAMES = coding_question("batched_matmul", "tensor_fn", forbid=FORBID)
ATTACKS = sorted(p.stem for p in HERE.glob("aten_*.py"))
RIGHT = ["reference.py", "right/row_dot_loop.py", "right/transposed_rows.py"]


def _messages(v) -> str:
    return "\n".join(f"{t.name} [{t.trust}]: {t.message}" for t in v.tests)


@pytest.fixture(scope="module")
def strict_or_none():
    """A strict grader where this machine gives full isolation, else None (the fallback ladder)."""
    from dlprep.checkers.grader import Grader
    from dlprep.checkers.sandbox.isolation import full_isolation

    g = Grader("cpu", timeout=20)
    g.sandbox.ensure()
    if full_isolation(g.sandbox.level):
        g.close()
        yield None
        return
    g.isolation = "strict"
    yield g
    g.close()


@pytest.fixture
def strict(strict_or_none):
    if strict_or_none is None:
        pytest.skip("no full isolation here: strict refuses to run")
    return strict_or_none


@pytest.fixture
def graders(grader, strict_or_none):
    """Every grading mode this machine has: best, and strict where it runs."""
    return [grader] + ([strict_or_none] if strict_or_none is not None else [])


def test_the_derived_ops_are_the_products_and_nothing_structural():
    ops = enforce.forbidden_ops(FORBID)
    assert {"aten.mm.default", "aten.bmm.default", "aten.dot.default", "aten.mv.default", "aten.addmm.default",
            "aten.baddbmm.default"} <= set(ops)
    assert not {o for o in ops if re.match(r"aten\.(view|expand|_unsafe_view|mul|sum|unsqueeze|permute)\.", o)}
    assert ops["aten.mm.default"] == "torch.matmul"  # the first rule that reaches it names it


@pytest.mark.parametrize("name", ATTACKS)
def test_every_spelling_is_caught_where_the_prompt_forbids_it(graders, name):
    source = (HERE / f"{name}.py").read_text()
    for g in graders:
        v = g.grade_source(Q_ANY, source, f"{name}.py", seed=1)
        assert v.status == "fail" and v.score < v.max_score, _messages(v)
        rules = [t for t in v.tests if t.name == "rules"]
        assert rules and re.search(r"forbidden (call|operation)", rules[0].message), _messages(v)
        assert v.summary.startswith("failed: forbidden"), v.summary


@pytest.mark.parametrize("name", ["aten_getattr_concat", "aten_einsum", "aten_linear"])
def test_names_alone_miss_these(grader, name):
    """What the aten level adds: without it, matmul taken by a built name from the C functions passes."""
    v = grader.grade_source(Q_NAMES, (HERE / f"{name}.py").read_text(), f"{name}.py", seed=1)
    assert v.status == "pass", _messages(v)


def test_under_strict_the_rule_row_is_reported_and_still_fails(strict):
    """Seen inside the run, so reported; it fails the verdict all the same, with full values."""
    v = strict.grade_source(Q_ANY, (HERE / "aten_einsum.py").read_text(), "aten_einsum.py", seed=1)
    row = next(t for t in v.tests if t.name == "rules")
    assert row.trust == "reported" and not row.advisory and v.status == "fail", _messages(v)
    assert "forbidden operation aten.bmm (what torch.matmul computes)" in row.message
    assert all(t.status == "pass" for t in v.tests if t.name != "rules"), _messages(v)


@pytest.mark.parametrize("path", RIGHT)
def test_allowed_spellings_still_pass(graders, path):
    source = exercise_source("batched_matmul", path)
    for g in graders:
        v = g.grade_source(Q_ANY, source, Path(path).name, seed=1)
        assert v.status == "pass" and v.score == v.max_score, _messages(v)


def test_einsum_passes_where_only_the_names_forbid_matmul(grader):
    """The rule is what the exercise declares: forbidding the name torch.matmul leaves einsum free."""
    q = coding_question("batched_matmul", "tensor_fn", forbid=["torch.matmul"])
    v = grader.grade_source(q, (HERE / "aten_einsum.py").read_text(), "aten_einsum.py", seed=1)
    assert v.status == "pass", _messages(v)


def test_the_prompt_says_what_is_enforced():
    text = statement(Q_ANY)
    assert text is not None and "torch.ops.aten" in text.en and "torch.ops.aten" in text.zh
    plain = statement(Q_NAMES)
    assert plain is not None and "torch.ops.aten" not in plain.en


def test_every_exercise_forbidding_in_any_form_derives_its_ops():
    """A bank exercise that declares forbid_in_any_form gets at least one aten op from every callable
    it forbids (a class or a module is left to the names)."""
    from dlprep.bank import load_catalog
    from dlprep.models import CodingQuestion

    catalog, _ = load_catalog()
    assert catalog is not None
    declared = [lq.q for lq in catalog.questions.values()
                if isinstance(lq.q, CodingQuestion) and lq.q.config.get("forbid_in_any_form")]
    assert declared, "no exercise declares forbid_in_any_form"
    for q in declared:
        for rule in any_form_rules(q):
            if enforce._target(rule) is not None:
                assert enforce.forbidden_ops([rule]), f"{q.id}: {rule} reaches no aten op on the samples"


def test_gather_in_any_form_is_caught_and_indexing_passes(graders):
    """gather-by-hand ("using advanced indexing") declares its rules in any form too."""
    from dlprep.bank import load_catalog

    catalog, _ = load_catalog()
    assert catalog is not None
    q = catalog.questions["tensor.gather-dispatch.gather-by-hand"].q
    assert q.config.get("forbid_in_any_form")
    for g in graders:
        v = g.grade_source(q, (HERE / "gather_c_entry.py").read_text(), "gather_c_entry.py", seed=1)
        assert v.status == "fail" and "forbidden operation aten.gather" in _messages(v), _messages(v)
        ok = g.grade_source(q, exercise_source(q.exercise), "reference.py", seed=1)
        assert ok.status == "pass", _messages(ok)


def test_any_form_as_a_list_names_only_those_rules():
    """`forbid_in_any_form: [rule, ...]`: only the listed rules are enforced on their aten ops (an
    attention exercise may not forbid bmm, which F.scaled_dot_product_attention reaches), and the
    sentence under the prompt names exactly those."""
    q = coding_question("batched_matmul", "tensor_fn", forbid=["torch.bmm", "torch._safe_softmax"],
                        forbid_in_any_form=["torch._safe_softmax"])
    assert any_form_rules(q) == ["torch._safe_softmax"]
    assert set(enforce.forbidden_ops(any_form_rules(q))) == {"aten._safe_softmax.default"}
    text = statement(q)
    assert text is not None
    assert "For `torch._safe_softmax` the rule holds for what they compute" in text.en
    assert "对 `torch._safe_softmax`，规则针对" in text.zh
    assert any_form_rules(coding_question("batched_matmul", "tensor_fn", forbid=["torch.bmm"])) == []
