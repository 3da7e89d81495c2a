"""Trusted checker data for `fx_dce` (imported by the grader only)."""

import torch

from dlprep.checkers.families.fusion_pass.judge import GraphFacts, model_cases

PUBLIC = ("dce_dead_branch", "dce_inplace")
HIDDEN = ("dce_random_stream", "dce_multi_output")


def public_cases():
    return model_cases(PUBLIC, torch.Generator().manual_seed(0), size=3)


def hidden_cases(gen, n):
    return model_cases(HIDDEN + PUBLIC, gen, n)


def structure(before: GraphFacts, after: GraphFacts) -> str | None:
    """Nothing pure whose value nobody reads is left (the family checks that the inputs stay)."""
    for n in after.nodes:
        if n.op not in ("placeholder", "output") and not n.impure and not after.users(n.name):
            return f"{n.text()} is never used but is still in the graph"
    return None
