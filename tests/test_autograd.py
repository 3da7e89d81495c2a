"""The autograd family: each probe's specific messages, what a submission cannot fake, and the
expression-graph oracles (the exercises' own mutants are proved by `dlprep verify`)."""

from __future__ import annotations

from pathlib import Path

import torch

from dlprep import mutants
from dlprep.checkers import contract, registry
from dlprep.checkers.base import load_exercise
from dlprep.checkers.families.autograd.expr_graph import (
    consumers,
    forward_oracle,
    random_expression,
    render,
    reverse_oracle,
)
from dlprep.models import CodingQuestion
from tests.conftest import coding_question
from tests.grading import failure, messages

REPO = Path(__file__).parents[1]


def _q(exercise: str, entry: str = "solve", **config: object) -> CodingQuestion:
    return coding_question(exercise, "autograd", hidden=2, **config).model_copy(update={"entry": entry})


SOFTPLUS = _q("softplus_function", "SoftPlus")
VALUE = _q("value_engine", "Value")
CHECKPOINT = _q("checkpoint_segments")
ROLES = _q("detach_clone_roles")
GRAPH = _q("graph_executor")



def _reference(exercise: str) -> str:
    return (REPO / "reference_impls" / exercise / "reference.py").read_text()


def test_family_is_registered():
    assert "autograd" in registry.names()


# ---------------------------------------------------------------- expression graphs, no sandbox

def test_random_expressions_reuse_nodes_and_every_node_reaches_the_output():
    gen = torch.Generator().manual_seed(3)
    for _ in range(20):
        expr = random_expression(gen, ("add", "mul", "exp", "log", "powc", "relu"), 3, 12, with_tangents=False)
        n = len(expr["inputs"]) + len(expr["ops"])
        assert all(consumers(expr, i) for i in range(n - 1)), render(expr)
        assert len(render(expr)) == n


def test_forward_and_reverse_oracles_agree_on_every_input():
    gen = torch.Generator().manual_seed(4)
    expr = random_expression(gen, ("add", "sub", "mul", "sin", "exp", "powc"), 3, 15, with_tangents=True)
    grads = reverse_oracle(expr)["grads"]
    for i in range(3):
        seeded = {**expr, "tangents": [1.0 if j == i else 0.0 for j in range(3)]}
        assert abs(forward_oracle(seeded)["tangents"][-1] - grads[i]) <= 1e-9 * (1 + abs(grads[i]))


def test_graph_executor_check_names_the_violated_control_edge():
    check = load_exercise(GRAPH).check
    case = next(c for c in check.public_cases() if c.name == "control-edge-read-after-write")
    values = {"x": 1.5, "two": 2.0, "d": 3.0, "w": 3.0, "r": 0.0, "one": 1.0, "out": 1.0}
    msg = check.problem(case.args, (values, ["x", "two", "d", "one", "r", "w", "out"]), None)
    assert msg is not None and "control edge w -> r" in msg
    good = ["x", "two", "d", "w", "r", "one", "out"]
    assert check.problem(case.args, ({**values, "r": 3.0, "out": 4.0}, good), None) is None
    assert "value of 'r'" in check.problem(case.args, (values, good), None)


# ---------------------------------------------------------------- through the sandbox

def test_a_class_that_is_not_a_function_is_named(grader):
    source = "import torch\n\nclass SoftPlus:\n    apply = staticmethod(torch.nn.functional.softplus)\n"
    assert "must be a subclass of torch.autograd.Function" in failure(grader, SOFTPLUS, source)


def test_a_function_method_without_staticmethod_is_named(grader):
    # torch calls cls.backward(ctx, ...) either way, so the values are right: only the class tells.
    source = _reference("softplus_function").replace("    @staticmethod\n    def backward", "    def backward")
    assert "SoftPlus.backward must be a @staticmethod" in failure(grader, SOFTPLUS, source)


def test_a_reentrant_checkpoint_is_rejected(grader):
    # same values and saves; only torch.autograd.grad (as the prompt states) tells it apart
    source = _reference("checkpoint_segments").replace("use_reentrant=False", "use_reentrant=True")
    assert "use_reentrant=True" in failure(grader, CHECKPOINT, source)


def test_patching_gradcheck_does_not_pass_a_wrong_backward(grader):
    source = mutants.source_of(REPO / "reference_impls/softplus_function", "forgets_grad_output")
    source += "\ntorch.autograd.gradcheck = lambda *a, **k: True\n"
    v = grader.grade_source(SOFTPLUS, source, "s.py", seed=1)
    gradcheck = next((t for t in v.tests if t.name == "public/gradcheck-float64"), None)
    assert gradcheck is not None, messages(v)
    assert gradcheck.status == "fail" and "Jacobian mismatch" in (gradcheck.message or ""), messages(v)


def test_a_value_engine_on_tensors_is_rejected(grader):
    source = _reference("value_engine").replace("self.data = float(data)", "self.data = torch.tensor(float(data))")
    v = grader.grade_source(VALUE, "import torch\n" + source, "s.py", seed=1)
    assert v.status == "fail" and ".data is a Tensor, expected a Python float" in messages(v), messages(v)


def test_a_hand_written_recomputing_function_meets_the_saved_bound(grader):
    source = (REPO / "reference_impls/checkpoint_segments/right/own_function.py").read_text()
    v = grader.grade_source(CHECKPOINT, source, "s.py", seed=1)
    assert v.status == "pass", messages(v)
    assert "saved 10 tensors (without checkpointing: 24)" in messages(v)


def test_patching_the_saved_tensor_hooks_does_not_hide_what_is_saved(grader):
    source = mutants.source_of(REPO / "reference_impls/checkpoint_segments", "no_checkpointing")
    source += "\nimport contextlib\ntorch.autograd.graph.saved_tensors_hooks = lambda *a: contextlib.nullcontext()\n"
    assert "no fewer than the model without checkpointing" in failure(grader, CHECKPOINT, source)


def test_a_tensor_probe_rejects_an_object_result(grader):
    source = "class Box:\n    pass\n\n\ndef solve(x):\n    return Box()\n"
    v = grader.grade_source(ROLES, source, "s.py", seed=1)
    assert v.status == "fail" and "returned a solution.Box, which is not allowed" in messages(v), messages(v)


def test_a_wrong_gradient_path_is_named(grader):
    source = _reference("detach_clone_roles").replace('"shared_view": x.detach()', '"shared_view": x')
    v = grader.grade_source(ROLES, source, "s.py", seed=1)
    assert "result['shared_view']: requires_grad is True, expected False" in messages(v), messages(v)


def test_graph_executor_hidden_cases_are_counted(grader):
    v = grader.grade_source(GRAPH, _reference("graph_executor"), "reference.py", seed=7)
    drawn = len(dict.fromkeys(contract.load(REPO / "reference_impls/graph_executor").points(7)))
    assert v.status == "pass" and v.hidden == {"count": 2 + drawn, "passed": 2 + drawn}


def test_a_graph_executor_returning_an_object_is_rejected(grader):
    source = "def solve(nodes, control_edges, feeds):\n    return object()\n"
    v = grader.grade_source(GRAPH, source, "s.py", seed=1)
    assert v.status == "fail" and "returned a builtins.object, which is not allowed" in messages(v), messages(v)


# ---------------------------------------------------------------- contracts (the stated domains)

AUTOGRAD_EXERCISES = ("detach_clone_roles", "detach_inplace_fix", "softplus_function", "sign_ste", "value_engine",
                      "dual_numbers", "checkpoint_segments", "graph_executor")


def test_every_contract_point_builds_and_the_oracle_answers_it():
    for name in AUTOGRAD_EXERCISES:
        ex = load_exercise(_q(name))
        declared = contract.load(ex.folder)
        assert declared is not None, name
        for point in declared.points(3):
            case = ex.check.contract_case(dict(point), contract.generator(3, point))
            assert case.args, (name, point)


def test_forward_oracle_survives_concurrent_gradings():
    # torch's forward-AD levels are process-wide: unlocked, two threads exit each other's level
    import concurrent.futures

    gen = torch.Generator().manual_seed(0)
    exprs = [random_expression(gen, ("add", "mul", "sin", "exp"), 2, 30, with_tangents=True) for _ in range(32)]
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        results = list(pool.map(forward_oracle, exprs))
    assert [r["tangents"] for r in results] == [forward_oracle(e)["tangents"] for e in exprs]


def test_a_tensor_kept_on_ctx_gives_a_verified_stale_gradient(grader):
    # x kept as ctx.x: the values match; after x is changed in place, backward silently uses it
    source = mutants.Mutant(REPO / "reference_impls/softplus_function/wrong/ctx_attribute_x.diff").source()
    v = grader.grade_source(SOFTPLUS, source, "s.py", seed=1)
    stale = [t for t in v.tests if "backward silently used the changed values" in (t.message or "")]
    assert v.status == "fail" and stale and all(t.trust == "verified" for t in stale), messages(v)


def test_a_deep_chain_rejects_a_recursive_topological_sort(grader):
    source = mutants.Mutant(REPO / "reference_impls/value_engine/wrong/recursive_topo_depth.diff").source()
    assert "RecursionError" in failure(grader, VALUE, source)


def test_torch_softplus_is_seen_however_it_is_spelled(grader):
    # no source rule sees a name built at run time; the dispatcher sees aten.softplus all the same.
    # threshold=1e4 keeps the values right everywhere the cases go (no gradcheck jump at x = 20)
    source = _reference("softplus_function").replace(
        "return x.clamp(min=0) + torch.log1p(torch.exp(-x.abs()))",
        'return getattr(torch.nn.functional, "soft" + "plus")(x, threshold=1e4) if x.abs().max() < 80 else '
        "x.clamp(min=0) + torch.log1p(torch.exp(-x.abs()))")
    assert "torch's own softplus ran inside SoftPlus" in failure(grader, SOFTPLUS, source)
