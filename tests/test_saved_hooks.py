"""The autograd family's `packed` probe (bf16_saved_activations): the reference's gradients differ from
unhooked ones only by bfloat16 rounding, the probe sees what each packed object holds, and the
judge's own messages (the exercise's mutants and corpus are proved by `dlprep verify`)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import torch

from dlprep.checkers.families.autograd import saved_hooks
from tests.conftest import coding_question
from tests.grading import exercise_source, failure

FOLDER = Path(__file__).parents[1] / "reference_impls" / "bf16_saved_activations"
Q = coding_question("bf16_saved_activations", "autograd", rtol=1e-5, atol=1e-7).model_copy(
    update={"entry": "BF16SavedActivations"})


def _check():
    spec = importlib.util.spec_from_file_location("bf16_check", FOLDER / "check.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _unhooked_grads(case):
    s = case.spec
    dt = getattr(torch, s["dtype"])
    params = {k: torch.nn.Parameter(v.clone().to(dt)) for k, v in s["weights"].items()}
    x = s["x"].clone()
    if x.is_floating_point():
        x = x.to(dt).requires_grad_(s["x_grad"])
    out = saved_hooks.forward(s["model"], params, x, s["aux"])
    leaves = [*params.values(), *([x] if x.requires_grad else [])]
    return torch.autograd.grad(out, leaves, s["grad_out"].to(out.dtype), allow_unused=True)


def test_the_reference_packs_to_half_the_bytes_and_only_rounds_the_gradients():
    check = _check()
    namespace: dict[str, object] = {}
    exec(compile(exercise_source("bf16_saved_activations"), "reference.py", "exec"), namespace)
    for case in check.public_cases():
        facts = saved_hooks.packed_probe(namespace["BF16SavedActivations"], case.wire(), {})
        assert facts["packed_bytes"] > 0
        compressed = [p for p in facts["packs"] if saved_hooks._compressed(p)]
        assert compressed and sum(p["bytes"] for p in compressed) == facts["packed_bytes"]
        assert not any(p["holds_original"] for p in compressed)
        rounded = False
        for got, plain in zip(facts["grads"], _unhooked_grads(case), strict=True):
            g = got["value"]
            rounded = rounded or not torch.equal(g, plain)
            # bfloat16 keeps 8 bits: ~0.4% per saved value, amplified where tanh saturates (1 - y*y)
            assert float((g - plain).norm() / plain.norm().clamp_min(1e-12)) < 5e-2
        assert rounded  # some gradient used a rounded saved value (the embedding table's need not)


def test_an_opaque_packed_object_and_a_stash_on_self_have_their_messages(grader):
    ref = exercise_source("bf16_saved_activations")
    ret = "        return (low, t.dtype, t.device)"
    boxed = ref.replace(ret, "        box = type('Box', (), {})()\n        box.items = (low, t.dtype, t.device)\n"
                             "        return box").replace("        low, dtype, device = packed",
                                                          "        low, dtype, device = packed.items")
    assert "pack returned a Box; return a tensor or a tuple/list/dict" in failure(grader, Q, boxed)
    stash = ref.replace("        self.packed_bytes = 0\n", "        self.packed_bytes = 0\n        self.kept = []\n")
    stash = stash.replace(ret, "        self.kept.append(t)\n" + ret)
    assert "still alive after forward" in failure(grader, Q, stash)
