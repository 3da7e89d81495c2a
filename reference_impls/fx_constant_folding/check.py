"""Trusted checker data for `fx_constant_folding` (imported by the grader only)."""

import torch

from dlprep.checkers.families.fusion_pass.judge import GraphFacts, model_cases

PUBLIC = ("fold_scaled_linear", "fold_weight_std")
HIDDEN = ("fold_noise", "fold_nested", "fold_size_dependent")


def public_cases():
    return model_cases(PUBLIC, torch.Generator().manual_seed(0), size=3)


def hidden_cases(gen, n):
    return model_cases(PUBLIC + HIDDEN, gen, n)


def structure(before: GraphFacts, after: GraphFacts) -> str | None:
    """No pure call may be left whose inputs are all parameters, buffers or folded values."""
    constant = set()
    for n in after.nodes:
        if n.op == "get_attr":
            constant.add(n.name)
        elif n.op in ("call_function", "call_method") and not n.impure and n.inputs \
                and all(i in constant for i in n.inputs):
            return (f"{n.text()} is computed from parameters and constants only, at every call: "
                    "fold it into a constant")
    return None
