"""The hooks family: leftover hooks named by module, parameter and kind, the checks on handles and
return types, and what a submission cannot fake (the exercises' mutants are proved by `dlprep verify`)."""

from __future__ import annotations

from pathlib import Path

from dlprep.checkers.families.hooks.judge import describe_hooks
from dlprep.models import CodingQuestion
from tests.conftest import coding_question
from tests.grading import exercise_source, failure, messages

REPO = Path(__file__).parents[1]


def _q(exercise: str, entry: str) -> CodingQuestion:
    return coding_question(exercise, "hooks", hidden=2).model_copy(update={"entry": entry})


CAPTURE = _q("capture_linear_activations", "capture")
PRE_HOOK = _q("input_pre_hook", "scale_input")
CLIP = _q("clip_grad_hooks", "accumulate_clipped")
ORDER = _q("backward_hook_order", "backward_order")




def test_leftover_hooks_are_described_by_module_kind_parameter_and_scope():
    counts = {"modules": {"": {"type": "Block", "forward": 2}, "encoder.0": {"type": "Linear", "backward_pre": 1}},
              "params": {"head.bias": 1}, "global": {"forward_pre": 1}}
    assert describe_hooks(counts) == ["2 forward hooks on the model itself (Block)",
                                      "1 backward pre-hook on encoder.0 (Linear)",
                                      "1 tensor hook on parameter head.bias", "1 global forward pre-hook"]


def test_a_global_hook_left_behind_is_reported(grader):
    source = ("import torch\nfrom torch import nn\n\ndef capture(model, x):\n    acts = {}\n"
              "    def hook(m, args, out):\n        if isinstance(m, nn.Linear):\n"
              "            acts[[n for n, k in model.named_modules() if k is m][0]] = out.detach()\n"
              "    nn.modules.module.register_module_forward_hook(hook)\n    model(x)\n    return acts\n")
    assert "hooks still registered after your function returned: 1 global forward hook" in failure(
        grader, CAPTURE, source)


def test_hiding_modules_from_named_modules_does_not_hide_their_hooks(grader):
    source = exercise_source("capture_linear_activations", "mutants/forgets_remove.py") + '''

_real = nn.Module.named_modules
_capture = capture


def capture(model, x):
    acts = _capture(model, x)
    nn.Module.named_modules = lambda self, *a, **k: iter([("", self)])
    return acts
'''
    assert "1 forward hook on encoder.0 (Linear)" in failure(grader, CAPTURE, source)


def test_a_list_of_activations_is_not_a_dict(grader):
    source = exercise_source("capture_linear_activations").replace("return acts", "return list(acts.values())")
    assert "returned a list, expected a dict" in failure(grader, CAPTURE, source)


def test_the_handle_must_be_returned_and_must_be_the_only_hook(grader):
    no_handle = exercise_source("input_pre_hook").replace(
        "return model.get_submodule(name).register_forward_pre_hook(hook)",
        "model.get_submodule(name).register_forward_pre_hook(hook)")
    assert "returned a NoneType, expected the RemovableHandle" in failure(grader, PRE_HOOK, no_handle)
    extra = exercise_source("input_pre_hook").replace(
        "    return model.get_submodule(name).register_forward_pre_hook(hook)",
        "    model.register_forward_hook(lambda m, a, o: None)\n"
        "    return model.get_submodule(name).register_forward_pre_hook(hook)")
    msgs = messages(grader.grade_source(PRE_HOOK, extra, "s.py", seed=1))
    assert "after your function returned (one pre-hook expected): 1 forward hook on the model itself" in msgs


def test_a_tensor_hook_left_on_one_parameter_is_named(grader):
    source = exercise_source("clip_grad_hooks").replace("        for h in handles:\n            h.remove()",
                                                "        for h in handles[1:]:\n            h.remove()")
    assert "1 tensor hook on parameter encoder.0.weight" in failure(grader, CLIP, source)


def test_clamping_only_the_weights_names_the_unclipped_biases(grader):
    source = exercise_source("clip_grad_hooks").replace("for p in model.parameters()]",
                                                "for n, p in model.named_parameters() if n.endswith('weight')]")
    msgs = failure(grader, CLIP, source)
    assert ".bias.grad" in msgs and "it is the unclipped gradient" in msgs


def test_backward_order_must_be_a_list_of_names(grader):
    source = exercise_source("backward_hook_order").replace("fired.append(name)", "fired.append(module)")
    assert "returned something else than a list of module names" in failure(grader, ORDER, source)


def test_a_diagnosis_named_by_its_mutant_explains_the_mistake(grader):
    """check.py's DIAGNOSES may name one of the exercise's mutants instead of copying its code."""
    source = exercise_source("capture_linear_activations", "mutants/top_level_only.py")
    assert "named_children() yield only the direct children" in failure(grader, CAPTURE, source)
