"""checkers/contract.py: the covering set holds every value and every pair, for any contract."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dlprep.checkers import contract
from dlprep.errors import UsageError

STATED = {"en": "x", "zh": "x"}


@st.composite
def contracts(draw: st.DrawFn) -> contract.Contract:
    n_axes = draw(st.integers(1, 5))
    axes = {f"a{i}": {"values": [f"v{j}" for j in range(draw(st.integers(1, 5)))], "stated": STATED}
            for i in range(n_axes)}
    exclude = []
    if n_axes >= 2 and draw(st.booleans()):
        a, b = draw(st.sampled_from(list(itertools.combinations(sorted(axes), 2))))
        # never exclude a baseline: some allowed point must stay for every value
        if len(axes[a]["values"]) > 1 and len(axes[b]["values"]) > 1:
            exclude.append({a: axes[a]["values"][-1], b: axes[b]["values"][-1]})
    return contract.parse({"axes": axes, "exclude": exclude, "random": draw(st.integers(0, 3))}, "test")


@settings(max_examples=150, deadline=None)
@given(contracts(), st.integers(0, 2**63 - 1))
def test_points_cover_every_allowed_pair_and_value(c: contract.Contract, seed: int) -> None:
    points = c.points(seed)
    covered = {pair for p in points for pair in itertools.combinations(p, 2)}
    assert c.pairs() <= covered
    assert {(a.name, v) for a in c.axes for v in a.values} <= {kv for p in points for kv in p}
    assert all(c.allowed(dict(p)) for p in points)
    assert points == c.points(seed)  # a seed fixes the cases: --case and --seed rebuild them


def test_seeds_draw_different_sets() -> None:
    c = contract.parse({"axes": {n: {"values": ["a", "b", "c", "d"], "stated": STATED} for n in "xyz"}}, "t")
    assert len({tuple(c.points(s)) for s in range(10)}) > 1


@pytest.mark.parametrize("names", ["wxyz", "zyxw", "dbcae"])
def test_the_set_is_as_small_whatever_order_the_axes_are_declared_in(names: str) -> None:
    """Every point of the set is a sandbox run of every grading. Four axes of three values need 9
    points at best; the greedy fill takes about 11 whatever the axes are called. (It once spelled
    pairs in name order, found none missing where axes were declared out of that order, and took
    17 for `zyxw`.)"""
    c = contract.parse({"axes": {n: {"values": ["a", "b", "c"], "stated": STATED} for n in names}}, "t")
    sizes = [len(c.points(s)) for s in range(30)]
    assert sum(sizes) / len(sizes) <= (12 if len(names) == 4 else 14.5), sizes


def test_shrink_steps_move_one_axis_to_baseline() -> None:
    c = contract.parse({"axes": {"x": {"values": ["a", "b"], "stated": STATED},
                                 "y": {"values": ["p", "q"], "stated": STATED}}}, "t")
    assert c.shrink_steps((("x", "b"), ("y", "q"))) == [(("x", "a"), ("y", "q")), (("x", "b"), ("y", "p"))]
    assert c.shrink_steps((("x", "a"), ("y", "p"))) == []


def test_names_round_trip_and_unknown_values_are_one_line() -> None:
    c = contract.parse({"axes": {"x": {"values": ["a", "b"], "stated": STATED},
                                 "y": {"values": ["p", "q"], "stated": STATED}}}, "t")
    p = (("x", "b"), ("y", "p"))
    assert contract.parse_name(c, contract.case_name(p)) == p
    assert contract.parse_name(c, "contract[x=b]") == p  # axes left out are at their baseline
    assert contract.parse_name(c, "random-3") is None
    with pytest.raises(UsageError, match="no contract point x=zz"):
        contract.parse_name(c, "contract[x=zz]")


@pytest.mark.parametrize("data, says", [
    ({}, "needs `axes:`"),
    ({"axes": {"x": {"values": [], "stated": STATED}}}, "distinct names"),
    ({"axes": {"x": {"values": ["a"], "stated": {"en": "x"}}}}, "regex for each"),
    ({"axes": {"x": {"values": ["a"], "stated": {"en": "(", "zh": "x"}}}}, "not a regex"),
    ({"axes": {"x": {"values": ["a"], "stated": STATED}}, "exclude": [{"y": "a"}]}, "unknown axis"),
])
def test_malformed_contracts_say_what_is_wrong(data: dict, says: str) -> None:
    with pytest.raises(UsageError, match=says):
        contract.parse(data, "ex/contract.yaml")


def test_silent_axes_names_the_axis_and_language() -> None:
    c = contract.parse({"axes": {"dtype": {"values": ["float32"], "stated": {"en": "any dtype", "zh": "任意 dtype"}}}},
                       "t")
    assert contract.silent_axes(c, {"en": "x may have any dtype", "zh": "x 可以是任意 dtype"}) == []
    assert contract.silent_axes(c, {"en": "x is float32", "zh": "x 可以是任意 dtype"}) == ["dtype (en)"]


def test_lint_reports_a_prompt_silent_on_an_axis(tmp_path) -> None:
    """A planted exercise whose contract samples layouts its prompt never mentions."""
    from dlprep import bank, lint

    cat = bank.catalog_or_raise()
    lq = cat.get("tensor.gather-dispatch.gather-by-hand")
    folder = tmp_path / lq.q.exercise
    folder.mkdir()
    (folder / "contract.yaml").write_text(
        "axes:\n  layout:\n    values: [contiguous, transposed]\n"
        "    stated: {en: 'channels_last memory', zh: 'channels_last 内存'}\n", encoding="utf-8")
    found = lint.contract_problems(lq, tmp_path)
    assert any("layout (en)" in p for p in found) and any("layout (zh)" in p for p in found)
    (folder / "contract.yaml").write_text("axes: [", encoding="utf-8")
    contract.load.cache_clear()
    assert any("not valid YAML" in p for p in lint.contract_problems(lq, tmp_path))


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**63 - 1))
def test_degenerate_values_cover_only_their_own_pairs(seed: int) -> None:
    """An empty batch makes dtype and k moot: each (dtype, k) pair must also meet in a point
    whose batch is not empty."""
    c = contract.parse({"axes": {
        "dtype": {"values": ["f32", "f16", "i32"], "stated": STATED},
        "k": {"values": ["small", "long", "zero"], "stated": STATED, "degenerate": ["zero"]},
        "batch": {"values": ["small", "one", "empty"], "stated": STATED, "degenerate": ["empty"]}}}, "t")
    points = [dict(p) for p in c.points(seed)]
    real = [p for p in points if p["batch"] != "empty" and p["k"] != "zero"]
    assert {(p["dtype"], p["k"]) for p in real} == {(d, k) for d in ("f32", "f16", "i32") for k in ("small", "long")}
    assert {(p["dtype"], p["batch"]) for p in real} == {(d, b) for d in ("f32", "f16", "i32") for b in ("small", "one")}
    assert any(p["batch"] == "empty" for p in points) and any(p["k"] == "zero" for p in points)


def test_a_failing_contract_case_is_shrunk_unless_only_the_verdict_is_asked_for(grader) -> None:
    """A user's failure names the smallest failing point; verify, which needs only the verdict of a
    wrong answer, asks for no shrinking (each step is one more sandbox run)."""
    from dlprep import bank, mutants
    from tests.banks import REPO

    q = bank.catalog_or_raise().get("tensor.gather-dispatch.gather-by-hand").q
    wrong = next(a for a in mutants.find(REPO / "reference_impls" / "gather_dim", "wrong")
                 if a.name.startswith("negative_dim_loop")).source()
    shrunk = grader.grade_source(q, wrong, "s.py", seed=1)
    plain = grader.grade_source(q, wrong, "s.py", seed=1, shrink_failures=False)
    assert shrunk.status == plain.status == "fail"
    assert any("shrunk: it fails already at contract[" in (t.message or "") for t in shrunk.tests)
    assert not any("shrunk" in (t.message or "") for t in plain.tests)


def test_public_only_runs_the_public_cases_alone_and_refuses_an_exercise_without_any(grader):
    """verify's short first run: the reference passes it with no hidden check, a wrong answer that
    fails a public case fails it, and a wrong answer that only a hidden case catches passes it (so
    verify must and does run the whole grading after such a pass)."""
    from dlprep import bank, mutants
    from dlprep.errors import UsageError
    from tests.banks import REPO

    catalog = bank.catalog_or_raise()
    q = catalog.get("tensor.gather-dispatch.gather-by-hand").q
    folder = REPO / "reference_impls" / "gather_dim"
    ref = grader.grade_source(q, (folder / "reference.py").read_text(), "reference.py", seed=1, public_only=True)
    assert ref.status == "pass" and ref.hidden["count"] == 0
    assert not any(t.name.startswith("hidden") for t in ref.tests) and grader.public_count(q, 1) > 0
    # batched_matmul's wrong answers: most fail a public case, a few only hidden ones
    q = catalog.get("tensor.matmul.batched-no-matmul").q
    wrong = {a.name: a.source() for a in mutants.find(REPO / "reference_impls" / "batched_matmul", "wrong")}
    short = {name: grader.grade_source(q, src, "s.py", seed=1, shrink_failures=False, public_only=True).status
             for name, src in wrong.items()}
    assert "fail" in short.values() and "pass" in short.values(), short
    for name in (n for n, s in short.items() if s == "pass"):
        assert grader.grade_source(q, wrong[name], "s.py", seed=1, shrink_failures=False).status == "fail", name
    launch = catalog.get("dist.torchrun.code-two-node-launch").q
    assert grader.public_count(launch, 1) == 0
    with pytest.raises(UsageError, match="no public cases"):
        grader.grade_source(launch, "def main(): pass\n", "s.py", seed=1, public_only=True)
