"""Trusted checker data for `fx_conv_bn_fold` (imported by the grader only).

Threat list (how a candidate gets this wrong -> what kills it):
- running_var + eps without the square root, or eps left out -> every model (running_var is
  drawn in [0.05, 0.45]; cbn_two_stages and cbn_sequential use eps 1e-3 and 1e-2).
- the bias shift not scaled by gamma, or the conv bias dropped -> cbn_conv_bn_relu (conv bias).
- a conv without bias left without one -> cbn_two_stages, cbn_sequential.
- scale broadcast over the input-channel dim -> cbn_two_stages (grouped conv, 6 -> 6 / 3 groups).
- setattr(gm, "features.0", conv) (a new attribute; the graph still calls the old conv)
  -> cbn_sequential (hidden).
- folding when the conv output has other readers -> cbn_shared_output (hidden).
- folding a BN that follows a pool, not a conv -> cbn_pool_between (hidden).
- rescaling the shared conv in place -> the family re-runs the original model after the pass.
- the folded BatchNorm's node left in the graph after replace_all_uses_with (it still runs, on
  the folded conv's output, and nothing reads it) -> structure: no BatchNorm without users.
- one conv module called at two sites, each followed by its own BN: replacing the module
  folds one BN into both calls -> cbn_two_call_sites; the reference now adds a new module per
  call site (it swapped the module by name before) (wrong/swaps_module_by_name,
  wrong/setattr_nested_swap).
- bn.weight / bn.bias read unconditionally (None for a BatchNorm built with affine=False) -> random
  programs: the first BatchNorm of each is affine=False half the time (wrong/assumes_affine).
- a new nn.Conv2d built in the default dtype (float32) for a float64 model -> the contract's float64
  programs raise on the dtype mismatch (wrong/fresh_conv_default_dtype).
"""

import torch
from torch import nn

from dlprep.checkers.families.fusion_pass import fusion_zoo
from dlprep.checkers.families.fusion_pass.judge import GNode, GraphFacts, ModelCase, program_case

PUBLIC = ("cbn_conv_bn_relu", "cbn_two_stages", "cbn_two_call_sites")
HIDDEN = ("cbn_sequential", "cbn_shared_output", "cbn_pool_between")
PUBLIC_SIZE = 5


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
        if not after.users(bn.name):
            return (f"{bn.text()} is still in the graph, though nothing reads it: a node whose uses were replaced "
                    "still runs until it is erased (gm.graph.erase_node)")
    return None


def error_scale(model: nn.Module, args: tuple[torch.Tensor, ...]) -> object:
    """A fold regroups every output's sums (w * s rounds once, then the conv sums): outputs are
    judged to the rounding of their terms, not of their value (fusion_zoo.magnitudes). Without it,
    a correct fold of a three-stage program whose sums cancel failed one seed in three."""
    return fusion_zoo.magnitudes(model, args)


def contract_case(point: dict[str, str], gen: torch.Generator) -> ModelCase:
    """A random program of the `convbn` flavour at this point of the stated domain (contract.yaml)."""
    return program_case("convbn", point, gen)
