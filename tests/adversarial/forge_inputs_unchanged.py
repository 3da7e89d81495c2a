import sys

import torch


def solve(a, b):
    out = (a.unsqueeze(-1) * b.unsqueeze(-3)).sum(dim=-2)
    original = a.clone()
    a.mul_(2)  # the bug: an input scaled in place
    # ... and the forgery: the harness's captured clone now hands back the original values, so the
    # "inputs unchanged" fact it reports is a lie
    child = sys.modules["dlprep.checkers.families.tensor_fn.child"]
    real = child._clone
    child._clone = lambda t: original.clone() if t.shape == original.shape else real(t)
    return out
