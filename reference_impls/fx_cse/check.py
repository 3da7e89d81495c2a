"""Trusted checker data for `fx_cse` (imported by the grader only)."""

import torch

from dlprep.checkers.families.fusion_pass.judge import GraphFacts, model_cases

PUBLIC = ("cse_twin_branches", "cse_random")
HIDDEN = ("cse_kwargs", "cse_arg_order", "cse_dropout")


def public_cases():
    return model_cases(PUBLIC, torch.Generator().manual_seed(0), size=3)


def hidden_cases(gen, n):
    return model_cases(HIDDEN + PUBLIC, gen, n)


def structure(before: GraphFacts, after: GraphFacts) -> str | None:
    """No two pure function/method calls with the same target, args and kwargs may remain."""
    seen: dict[str, str] = {}
    for n in after.nodes:
        if n.op not in ("call_function", "call_method") or n.impure:
            continue
        first = seen.setdefault(n.key(), n.name)
        if first != n.name:
            return f"{n.text()} computes the same value as `{first}`: a common subexpression is left"
    return None
