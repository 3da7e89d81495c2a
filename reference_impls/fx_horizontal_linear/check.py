"""Trusted checker data for `fx_horizontal_linear` (imported by the grader only)."""

from collections import Counter

import torch
from torch import nn

from dlprep.checkers.families.fusion_pass.judge import GraphFacts, GNode, model_cases

PUBLIC = ("hl_qkv", "hl_mixed_sizes")
HIDDEN = ("hl_two_groups", "hl_gated_3d")
LINEAR_FUNCTIONS = ("torch.nn.functional.linear", "torch.matmul", "operator.matmul", "torch.mm", "torch.addmm",
                    "torch.einsum")


def _linear(n: GNode) -> bool:
    return n.is_module(nn.Linear) or (n.op == "call_function" and n.target in LINEAR_FUNCTIONS) or \
        (n.op == "call_method" and n.target in ("matmul", "mm", "__matmul__"))


def public_cases():
    return model_cases(PUBLIC, torch.Generator().manual_seed(0), size=3)


def hidden_cases(gen, n):
    return model_cases(HIDDEN + PUBLIC, gen, n)


def structure(before: GraphFacts, after: GraphFacts) -> str | None:
    """Each node that several Linears read is read by exactly one linear/matmul op afterwards."""
    shared = Counter(n.inputs[0] for n in before.calls() if n.is_module(nn.Linear) and n.inputs)
    for src, count in shared.items():
        if count < 2:
            continue
        if src not in after.by_name:
            return f"the node `{src}` that {count} Linears read is gone from the transformed graph"
        readers = [u.name for u in after.users(src) if _linear(u)]
        if len(readers) != 1:
            return (f"{len(readers)} linear/matmul ops read `{src}` ({', '.join(readers) or 'none'}): the {count} "
                    "Linears that share it must become one linear/matmul, whose output is then split")
    return None
