"""The fusion_pass family: the model zoo, the plain-data graph description, and the specific message
each wrong pass gets (the exercises' own mutants are proved by `dlprep verify`)."""

from __future__ import annotations

import operator

import pytest
import torch
from torch import fx

from dlprep import mutants
from dlprep.checkers import contract, registry
from dlprep.checkers.base import load_exercise
from dlprep.checkers.families.fusion_pass import fusion_zoo, programs
from dlprep.checkers.families.fusion_pass.child import describe_graph, qualified_name
from dlprep.checkers.families.fusion_pass.judge import GNode, GraphFacts, kept_effects
from tests.conftest import coding_question
from tests.grading import messages

EXERCISES = ("fx_constant_folding", "fx_cse", "fx_dce", "fx_conv_bn_fold", "fx_fuse_mul_add", "fx_horizontal_linear")
FOLD = coding_question("fx_constant_folding", "fusion_pass", hidden=2)
CBN = coding_question("fx_conv_bn_fold", "fusion_pass", hidden=2)
HEADER = "import torch\nfrom torch import fx\n\n\n"


def _graph(name: str, seed: int = 0) -> GraphFacts:
    return GraphFacts(describe_graph(fx.symbolic_trace(fusion_zoo.build(name, seed))))



def test_family_is_registered():
    assert "fusion_pass" in registry.names()


# ---------------------------------------------------------------- grader side, no sandbox

def test_a_model_is_rebuilt_bit_for_bit_from_its_seed():
    a, b = fusion_zoo.build("cbn_two_stages", 7), fusion_zoo.build("cbn_two_stages", 7)
    for (name, x), (_, y) in zip(a.state_dict().items(), b.state_dict().items(), strict=True):
        assert torch.equal(x, y), name
    assert not a.training and not torch.equal(a.conv1.weight, fusion_zoo.build("cbn_two_stages", 8).conv1.weight)


@pytest.mark.parametrize("exercise", EXERCISES)
def test_every_model_of_an_exercise_has_the_pattern_so_a_do_nothing_pass_fails(exercise):
    check = load_exercise(coding_question(exercise, "fusion_pass")).check
    for name in check.PUBLIC + check.HIDDEN:
        g = _graph(name)
        assert check.structure(g, g) is not None, name


def test_nodes_are_described_as_plain_data():
    def f(x):
        return torch.relu(x)[:, 1:] + x.softmax(dim=0).sum()

    nodes = describe_graph(fx.symbolic_trace(f))
    by_name = {n["name"]: n for n in nodes}
    assert by_name["relu"]["target"] == "torch.relu" and by_name["relu"]["args"] == ({"node": "x"},)
    assert by_name["getitem"]["args"][1] == ({"slice": [None, None, None]}, {"slice": [1, None, None]})
    assert by_name["softmax"]["op"] == "call_method" and by_name["softmax"]["kwargs"] == {"dim": 0}
    assert qualified_name(operator.add) == "operator.add"
    assert qualified_name(torch.nn.functional.linear) == "torch.nn.functional.linear"


def test_node_text_reads_like_gm_code():
    g = _graph("dce_dead_branch")
    assert g.by_name["cos"].text() == "`cos` = sin.cos()"
    assert g.by_name["lin"].text() == "`lin` = self.lin(x)"
    assert [u.name for u in g.users("sin")] == ["cos"]


def test_random_and_in_place_ops_are_effects_and_losing_one_is_named():
    g = _graph("dce_inplace")
    assert g.by_name["add_"].inplace and g.by_name["relu_"].inplace and not g.by_name["clone"].impure
    assert _graph("cse_random").by_name["rand_like"].random
    without = GraphFacts([n for n in describe_graph(fx.symbolic_trace(fusion_zoo.build("dce_inplace", 0)))
                          if n["name"] != "add_"])
    msg = kept_effects(g, without)
    assert msg is not None and ".add_() 1 time(s), the transformed one 0" in msg and "in-place" in msg


# ---------------------------------------------------------------- through the sandbox

def test_the_reference_passes_and_hidden_cases_are_counted(grader):
    source = (load_exercise(CBN).folder / "reference.py").read_text()
    v = grader.grade_source(CBN, source, "reference.py", seed=3)
    assert v.status == "pass" and v.score == v.max_score, messages(v)
    drawn = len(dict.fromkeys(contract.load(load_exercise(CBN).folder).points(3)))  # the contract's programs
    assert drawn >= 8 and v.hidden == {"count": 2 + drawn, "passed": 2 + drawn}


def test_a_pass_that_does_nothing_is_told_what_is_left(grader):
    v = grader.grade_source(FOLD, HEADER + "def solve(gm):\n    return gm\n", "s.py", seed=1)
    # every zoo model holds a constant chain; a random program may hold none (leaving it alone is right there)
    public = [t for t in v.tests if t.name.startswith("public/")]
    assert v.status == "fail" and public and all(t.status == "fail" for t in public), messages(v)
    assert v.hidden is not None and v.hidden["passed"] < v.hidden["count"]
    assert "is computed from parameters and constants only, at every call" in messages(v), messages(v)


@pytest.mark.parametrize("body, returned", [
    ("return gm.graph", "torch.fx.graph.Graph"),
    ("return gm.code", "builtins.str"),
    ("gm.recompile()", "builtins.NoneType"),
])
def test_returning_something_else_than_a_graphmodule_is_rejected(grader, body, returned):
    v = grader.grade_source(FOLD, HEADER + f"def solve(gm):\n    {body}\n", "s.py", seed=1)
    assert v.status == "fail"
    assert f"the pass returned a {returned}; it must return a torch.fx.GraphModule" in messages(v), messages(v)


def test_an_exception_in_the_pass_names_its_line(grader):
    v = grader.grade_source(FOLD, HEADER + "def solve(gm):\n    raise ValueError('boom')\n", "s.py", seed=1)
    assert "the pass raised ValueError (line 6): boom" in messages(v), messages(v)


def test_a_malformed_graph_is_reported_by_lint(grader):
    source = HEADER + '''def solve(gm):
    x = next(iter(gm.graph.nodes))
    out = next(n for n in gm.graph.nodes if n.op == "output")
    with gm.graph.inserting_before(x):
        gm.graph.call_function(torch.relu, (out.args[0],))  # reads a node defined later
    gm.recompile()
    return gm
'''
    v = grader.grade_source(FOLD, source, "s.py", seed=1)
    assert "the returned graph is malformed; Graph.lint() says" in messages(v), messages(v)


def test_editing_the_graph_without_recompile_is_stale(grader):
    source = HEADER + '''def solve(gm):
    gm.graph.eliminate_dead_code()
    x = next(iter(gm.graph.nodes))
    with gm.graph.inserting_after(x):
        gm.graph.call_function(torch.relu, (x,))
    return gm
'''
    v = grader.grade_source(FOLD, source, "s.py", seed=1)
    assert "code is stale" in messages(v) and "gm.recompile() was not called" in messages(v), messages(v)


def test_a_graph_that_raises_when_run_is_reported(grader):
    source = HEADER + '''def solve(gm):
    out = next(n for n in gm.graph.nodes if n.op == "output")
    with gm.graph.inserting_before(out):
        bad = gm.graph.call_function(torch.reshape, (out.args[0], (-1, 7, 5)))
    out.args = (bad,)
    gm.recompile()
    return gm
'''
    v = grader.grade_source(FOLD, source, "s.py", seed=1)
    assert "running the returned graph raised RuntimeError" in messages(v), messages(v)


def test_writing_into_the_shared_parameters_is_caught_even_when_the_result_is_right(grader):
    # Correct folding on the returned module, but done by rescaling the original conv in place.
    source = mutants.source_of(load_exercise(CBN).folder, "edits_conv_in_place")
    v = grader.grade_source(CBN, source, "s.py", seed=1)
    assert v.status == "fail" and v.score == 0
    assert "the pass changed the model it was given" in messages(v), messages(v)


def test_overriding_forward_does_not_fool_the_grader(grader):
    # The graph is what is run (torch.fx.Interpreter), not whatever forward says.
    patched = HEADER + '''def solve(gm):
    original = gm.forward
    bn = next(n for n in gm.graph.nodes if n.op == "call_module" and "bn" in n.target)
    bn.replace_all_uses_with(bn.args[0])
    gm.graph.erase_node(bn)
    gm.recompile()
    gm.forward = original  # still the unfolded code: the numbers would be right
    return gm
'''
    v = grader.grade_source(CBN, patched, "s.py", seed=1)
    assert "computes something else than the original" in messages(v), messages(v)


def test_changing_the_signature_is_named(grader):
    q = coding_question("fx_dce", "fusion_pass", hidden=4)
    source = mutants.source_of(load_exercise(q).folder, "drops_unused_inputs")
    v = grader.grade_source(q, source, "s.py", seed=1)
    assert "the module's inputs were ['x', 'unused_input'] and are now ['x']" in messages(v), messages(v)


# ---------------------------------------------------------------- random programs (programs.py)

FLAVOURS = {"fx_dce": "graph", "fx_cse": "graph", "fx_constant_folding": "graph", "fx_fuse_mul_add": "fma",
            "fx_horizontal_linear": "linear", "fx_conv_bn_fold": "convbn"}


def _reference(exercise: str):
    """The exercise's trusted reference pass, loaded here (it is ours, not a candidate's)."""
    ns: dict = {}
    folder = load_exercise(coding_question(exercise, "fusion_pass")).folder
    exec(compile((folder / "reference.py").read_text(), str(folder / "reference.py"), "exec"), ns)
    return ns["solve"]


def _as_tuple(x):
    return x if isinstance(x, tuple) else (x,)


@pytest.mark.parametrize("exercise", EXERCISES)
def test_contract_programs_rebuild_from_their_seed_and_the_reference_passes_them(exercise):
    """Every point of the exercise's covering set: the program traces, is the same program when rebuilt
    from its name and seed, and the reference pass keeps its outputs (twice, same seed) and leaves no
    structure problem - so the generator only draws what the prompt allows."""
    folder = load_exercise(coding_question(exercise, "fusion_pass")).folder
    check = load_exercise(coding_question(exercise, "fusion_pass")).check
    solve = _reference(exercise)
    points = contract.load(folder).points(11)
    assert len(points) >= 8
    for point in points:
        case = check.contract_case(dict(point), contract.generator(11, point))
        assert case.model.startswith(f"gen/{FLAVOURS[exercise]}/")
        before = describe_graph(fx.symbolic_trace(fusion_zoo.build(case.model, case.param_seed)))
        assert before == describe_graph(fx.symbolic_trace(fusion_zoo.build(case.model, case.param_seed)))
        with torch.no_grad():
            model = fusion_zoo.build(case.model, case.param_seed)
            torch.manual_seed(case.run_seed)
            expected = _as_tuple(model(*(t.clone() for t in case.args)))
            gm = solve(fx.symbolic_trace(fusion_zoo.build(case.model, case.param_seed)))
            for _ in range(2):
                torch.manual_seed(case.run_seed)
                got = _as_tuple(fx.Interpreter(gm).run(*(t.clone() for t in case.args)))
                assert all(torch.allclose(a, b, rtol=1e-4, atol=1e-5, equal_nan=True)
                           for a, b in zip(expected, got, strict=True)), (case.model, case.param_seed)
        after = GraphFacts(describe_graph(gm))
        assert check.structure(GraphFacts(before), after) is None, (case.model, case.param_seed)


def test_programs_spell_effects_every_way():
    """Across a few seeds the graph flavour emits the spellings the prompts name."""
    seen = set()
    for seed in range(40):
        for spelling in ("function", "method", "operator"):
            name = programs.name_of("graph", {"spelling": spelling, "effects": "both", "modules": "nested"})
            for n in describe_graph(fx.symbolic_trace(fusion_zoo.build(name, seed))):
                kw = n["kwargs"] if isinstance(n["kwargs"], dict) else {}
                seen.add("inplace=True" if kw.get("inplace") is True else "out=" if "out" in kw else n["target"])
                if n["op"] == "get_attr" and "." in n["target"]:
                    seen.add("dotted get_attr")
    for want in ("inplace=True", "out=", "torch.relu_", "add_", "bernoulli", "normal_", "torch.rand_like",
                 "torch.nn.functional.dropout", "torch.randperm", "multinomial", "view", "dotted get_attr"):
        assert want in seen, want


def test_in_place_is_a_trailing_underscore_inplace_true_or_out_but_not_operator_and():
    def node(op, target, kwargs=None):
        return GNode("n", op, target, ({"node": "x"},), kwargs or {}, ())
    assert node("call_function", "torch.nn.functional.relu", {"inplace": True}).inplace
    assert node("call_function", "torch.add", {"out": {"node": "y"}}).inplace
    assert node("call_function", "torch.relu_").inplace and node("call_method", "add_").inplace
    assert not node("call_function", "operator.and_").inplace and not node("call_function", "operator.or_").inplace
    assert not node("call_function", "torch.nn.functional.relu", {"inplace": False}).inplace


def test_a_folded_value_written_through_a_view_is_caught(grader):
    q = coding_question("fx_constant_folding", "fusion_pass", hidden=6)
    source = (load_exercise(q).folder / "reference.py").read_text().replace(
        "written = {w for n in gm.graph.nodes if _inplace(n) for w in _written(n)}", "written = set()")
    assert "written = set()" in source
    v = grader.grade_source(q, source, "s.py", seed=1)
    # Folding w (and its view) stores two separate clones, so w.view(-1).add_(1) no longer reaches the w
    # the output reads: the first call already differs (the second-call comparison comes after it).
    assert v.status == "fail" and "fold_mutated_view: the transformed graph computes something else" in messages(v), \
        messages(v)
