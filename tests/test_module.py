"""The module family and the probe machinery it shares with hooks: model specs, structure facts,
each probe's specific messages, and what a submission cannot fake (the exercises' own mutants are
proved by `dlprep verify`)."""

from __future__ import annotations

from pathlib import Path

import torch
from torch import nn

from dlprep.checkers import registry
from dlprep.checkers.base import load_exercise
from dlprep.checkers.families import model_spec
from dlprep.models import CodingQuestion
from tests.conftest import coding_question
from tests.grading import exercise_source, failure, messages

REPO = Path(__file__).parents[1]


def _q(exercise: str, entry: str, checker: str = "module", **config: object) -> CodingQuestion:
    return coding_question(exercise, checker, hidden=2, **config).model_copy(update={"entry": entry})


BATCHNORM = _q("batchnorm_buffers", "MyBatchNorm1d")
FREEZE = _q("freeze_backbone", "finetune_optimizer")
TRAIN = _q("train_restore_best", "train")
RNG = _q("rng_replay", "replay")
ADAM = _q("adam_three_ways", "adam_loop", forbid=["torch.optim"])




def test_family_is_registered():
    assert {"module", "hooks"} <= set(registry.names())


# ---------------------------------------------------------------- model specs and facts, no sandbox

def test_a_spec_round_trips_through_its_state():
    spec = model_spec.stack(3, 2, 4, ["residual", "sequential", "swapped"], "GELU", dropout=0.1)
    state = model_spec.initial_state(spec, seed=5)
    assert state.keys() == model_spec.build(spec).state_dict().keys()
    a, b = model_spec.load(spec, state).eval(), model_spec.load(spec, state).eval()
    x = torch.randn(2, 3)
    assert torch.equal(a(x), b(x))
    assert model_spec.dims(spec) == (3, 2)
    assert "order=right/left" in model_spec.render(spec)


def test_case_generation_and_oracle_seeding_leave_the_global_rng_alone():
    # verify grades in threads: only the oracle holding the lock may touch the global RNG
    torch.manual_seed(11)
    expected = torch.rand(3)
    torch.manual_seed(11)
    spec = model_spec.stack(2, 1, 3, ["sequential"])
    model_spec.initial_state(spec, seed=0)
    model_spec.dims(spec)
    assert torch.equal(torch.rand(3), expected)


def test_structure_tells_buffers_parameters_and_plain_attributes_apart():
    class Mixed(nn.Module):
        def __init__(self):
            super().__init__()
            self.w = nn.Parameter(torch.ones(2))
            self.register_buffer("b", torch.zeros(2))
            self.plain = torch.zeros(3)
            self.shared = nn.Linear(2, 2)
            self.again = self.shared

    s = model_spec.structure(Mixed())
    assert list(s["state_dict"]) == ["w", "b", "shared.weight", "shared.bias", "again.weight", "again.bias"]
    assert [p[0] for p in s["parameters"]] == ["w", "shared.weight", "shared.bias"]
    assert [b[0] for b in s["buffers"]] == ["b"]
    assert s["plain_tensors"] == [["plain", [3], "torch.float32"]]
    assert s["n_modules"] == 2 and s["n_parameters"] == 3


def test_hook_counts_cover_modules_parameters_and_global_hooks():
    model = model_spec.build(model_spec.stack(2, 1, 3, ["sequential"]))
    handles = [model.encoder[0].register_forward_hook(lambda *a: None),
               model.head.register_forward_pre_hook(lambda *a: None),
               model.head.register_full_backward_hook(lambda *a: None),
               model.head.weight.register_hook(lambda g: g),
               nn.modules.module.register_module_forward_hook(lambda *a: None)]
    try:
        counts = model_spec.hook_counts(model)
    finally:
        for h in handles:
            h.remove()
    assert counts["modules"] == {"encoder.0": {"type": "Linear", "forward": 1},
                                 "head": {"type": "Linear", "forward_pre": 1, "backward": 1}}
    assert counts["params"] == {"head.weight": 1}
    assert counts["global"] == {"forward": 1}
    assert model_spec.hook_counts(model) == {"modules": {}, "params": {}, "global": {}}


def test_torchs_three_adam_implementations_agree_on_the_exercise_cases():
    check = load_exercise(ADAM).check
    from dlprep.checkers.families.module import child as module_child

    case = check.public_cases()[2]  # weight decay on, several steps
    runs = [module_child.adam_probe(fn, case.wire(), {})["steps"] for fn in check.TORCH_ADAM.values()]
    for other in runs[1:]:
        for a, b in zip(runs[0], other, strict=True):
            for key in ("params", "exp_avgs", "exp_avg_sqs"):
                assert all(torch.allclose(x, y, rtol=1e-6, atol=1e-7) for x, y in zip(a[key], b[key], strict=True))


# ---------------------------------------------------------------- through the sandbox

def test_a_buffer_hidden_behind_an_overridden_state_dict_is_still_found(grader):
    lying = exercise_source("batchnorm_buffers", "mutants/buffer_as_attribute.py") + '''

def _fake_state_dict(self, *args, **kwargs):
    sd = torch.nn.Module.state_dict(self, *args, **kwargs)
    sd["running_mean"], sd["running_var"] = self.running_mean, self.running_var
    return sd


MyBatchNorm1d.state_dict = _fake_state_dict
'''
    assert "running_mean is a plain tensor attribute" in failure(grader, BATCHNORM, lying)


def test_a_module_class_that_does_not_subclass_module_is_named(grader):
    source = "class MyBatchNorm1d:\n    def __init__(self, *a, **k):\n        pass\n"
    assert "made a MyBatchNorm1d, expected an nn.Module subclass" in failure(grader, BATCHNORM, source)


def test_returning_the_model_instead_of_an_optimizer_fails_with_its_type(grader):
    source = ("def finetune_optimizer(model, lr):\n    for p in model.backbone.parameters():\n"
              "        p.requires_grad_(False)\n    return model\n")
    assert "expected a torch.optim.Optimizer" in failure(grader, FREEZE, source)


def test_losses_returned_as_a_tensor_are_rejected(grader):
    source = exercise_source("train_restore_best").replace("return losses", "return torch.tensor(losses)")
    assert "returned a torch.Tensor, expected a list of floats" in failure(grader, TRAIN, source)


def test_patching_torch_rand_cannot_hide_a_rewound_rng(grader):
    source = exercise_source("rng_replay", "mutants/rewinds_at_the_end.py")
    source += "\ntorch.rand = lambda *a, **k: torch.zeros(4)\n"
    assert "what the global RNG draws after your function returns" in failure(grader, RNG, source)


def test_adam_rebinding_writing_into_grads_and_a_missing_function_each_have_their_message(grader):
    rebinds = ("def adam_loop(params, grads, exp_avgs, exp_avg_sqs, step, **hyper):\n"
               "    for i, g in enumerate(grads):\n        params[i] = params[i] - hyper['lr'] * g\n")
    v = grader.grade_source(ADAM, rebinds, "s.py", seed=1)
    assert "adam_loop replaced params[0] with a new tensor" in messages(v)
    into_grads = exercise_source("adam_three_ways").replace("g = g + weight_decay * p",
                                                            "g = g.add_(p, alpha=weight_decay)")
    v = grader.grade_source(ADAM, into_grads, "s.py", seed=1)
    assert "adam_loop wrote into grads[0]" in messages(v)
    loop_only = exercise_source("adam_three_ways").split("@torch.no_grad()\ndef adam_foreach")[0]
    v = grader.grade_source(ADAM, loop_only, "s.py", seed=1)
    msgs = messages(v)
    assert "public/adam_loop/defaults: pass" in msgs and "the solution does not define adam_foreach()" in msgs


def test_calling_torch_optim_is_a_rule_violation(grader):
    source = ("import torch\n\ndef adam_loop(params, grads, m, v, step, **h):\n"
              "    torch.optim.Adam(params)\n\nadam_foreach = adam_loop\n")
    v = grader.grade_source(ADAM, source, "s.py", seed=1)
    assert v.score == 0 and "forbidden call torch.optim" in messages(v)
    assert v.summary.startswith("failed: forbidden call torch.optim at line")


# ---------------------------------------------------------------- contracts (fam-module), no sandbox

def _registration_problem(module: nn.Module) -> str | None:
    from dlprep.checkers.families.probe_family import Problem

    q = _q("shared_layer_stack", "SharedStack")
    fam = registry.family("module")(load_exercise(q))
    want = model_spec.structure(fam.ex.check.oracle(3, 2))
    try:
        fam._registration(model_spec.structure(module), want)
    except Problem as p:
        return str(p)
    return None


def test_registration_order_is_free_but_a_container_of_another_type_is_named():
    class HeadFirst(nn.Module):
        def __init__(self, container: type[nn.Module]):
            super().__init__()
            self.head = nn.Linear(3, 1)
            block = nn.Sequential(nn.Linear(3, 3), nn.Tanh())
            self.layers = container(*[block] * 2) if container is nn.Sequential else container([block] * 2)

    assert _registration_problem(HeadFirst(nn.ModuleList)) is None  # the prompt fixes names, not order
    assert "layers is a Sequential, expected an nn.ModuleList" in (_registration_problem(HeadFirst(nn.Sequential))
                                                                    or "")


def test_model_spec_ties_own_parameters_custom_leaves_and_a_dropped_child():
    spec = {"type": "Block", "params": {"scale": [2]}, "ties": [["head.weight", "backbone.weight"]],
            "children": {"backbone": model_spec.linear(3, 3), "head": model_spec.linear(3, 3)}}
    model = model_spec.load(spec, model_spec.initial_state(spec, seed=1))
    assert model.head.weight is model.backbone.weight
    assert [n for n, _ in model.named_parameters()] == ["scale", "backbone.weight", "backbone.bias", "head.bias"]
    odd = model_spec.contract_model("odd_leaves", torch.Generator().manual_seed(0), 4, 2)
    m = model_spec.load(odd, model_spec.initial_state(odd, seed=0))
    m(torch.randn(2, 4)).sum().backward()
    assert m.encoder[3].aux.weight.grad is None  # run in forward, output dropped: no gradient
    assert isinstance(m.encoder[3].gain, model_spec.Scale) and m.encoder[3].gain.gain.grad is not None


# Every exercise of the two families with its entry and family: the trusted code of each runs on
# every value its contract can draw (a grading may meet any of them).
CONTRACT_EXERCISES = {
    "shared_layer_stack": ("SharedStack", "module"), "batchnorm_buffers": ("MyBatchNorm1d", "module"),
    "rng_replay": ("replay", "module"), "freeze_backbone": ("finetune_optimizer", "module"),
    "train_restore_best": ("train", "module"), "adam_three_ways": ("adam_loop", "module"),
    "capture_linear_activations": ("capture", "hooks"),
    "input_pre_hook": ("scale_input", "hooks"), "clip_grad_hooks": ("accumulate_clipped", "hooks"),
    "backward_hook_order": ("backward_order", "hooks"),
}


def test_every_trusted_stand_in_runs_on_every_contract_point_of_the_module_and_hooks_exercises():
    # The oracle, every other torch implementation it is compared with (adam: foreach and fused)
    # and every DIAGNOSES stand-in run in the grader on whatever point a grading draws; one that
    # raises on a point crashes the grading (adam's AdamW stand-in once updated an nn.Parameter
    # outside no_grad). Each seed's covering set meets every value and every pair of values.
    from dlprep.checkers import contract

    for ex, (entry, checker) in CONTRACT_EXERCISES.items():
        fam = registry.family(checker)(load_exercise(_q(ex, entry, checker)))
        check = fam.ex.check
        declared = contract.load(fam.ex.folder)
        assert declared is not None, ex
        diagnoses = getattr(check, "DIAGNOSES", ())
        stand_ins = [("oracle", check.oracle), *getattr(check, "TORCH_ADAM", {}).items(),
                     *((f"DIAGNOSES[{i}]", fam._stand_in(w)) for i, (w, _) in enumerate(diagnoses))]
        seen: set[tuple[str, str]] = set()
        for seed in (3, 4):
            for point in dict.fromkeys(declared.points(seed)):
                seen |= set(point)
                case = fam.contract_case(point, seed)
                for name, fn in stand_ins:
                    facts = fam.expected(case, fn)
                    assert "error" not in facts, (ex, contract.case_name(point), name, facts.get("error"))
        assert seen == {(axis.name, v) for axis in declared.axes for v in axis.values}, ex
