"""Trusted checker data for `fx_conv_bn_fold` (imported by the grader only)."""

import torch
from torch import nn

from dlprep.checkers.families.fusion_pass.judge import GraphFacts, GNode, model_cases

PUBLIC = ("cbn_conv_bn_relu", "cbn_two_stages")
HIDDEN = ("cbn_sequential", "cbn_shared_output", "cbn_pool_between")


def public_cases():
    return model_cases(PUBLIC, torch.Generator().manual_seed(0), size=5)


def hidden_cases(gen, n):
    return model_cases(HIDDEN + PUBLIC, gen, n)


def _convs(g: GraphFacts) -> list[GNode]:
    return [n for n in g.calls() if n.is_module(nn.Conv2d) or n.target in ("torch.conv2d", "torch.convolution")]


def _bns(g: GraphFacts) -> list[GNode]:
    return [n for n in g.calls() if n.is_module(nn.BatchNorm2d) or n.target in ("torch.batch_norm",
                                                                               "torch.nn.functional.batch_norm")]


def _folds_into(g: GraphFacts, bn: GNode) -> GNode | None:
    """The conv a BatchNorm can be folded into: its input, read by nothing else."""
    src = g.by_name.get(bn.inputs[0]) if bn.inputs else None
    if src is not None and src in _convs(g) and len(g.users(src.name)) == 1:
        return src
    return None


def structure(before: GraphFacts, after: GraphFacts) -> str | None:
    """Every BatchNorm right after a conv (whose output nothing else reads) is gone; no conv added."""
    if len(_convs(after)) != len(_convs(before)):
        return (f"the original graph has {len(_convs(before))} convolution(s), the transformed one "
                f"{len(_convs(after))}: fold each BatchNorm into the conv before it, without adding or "
                "removing convolutions")
    for bn in _bns(after):
        conv = _folds_into(after, bn)
        if conv is not None:
            return f"{bn.text()} still follows the conv {conv.text()}: fold it into the conv's weight and bias"
    return None
