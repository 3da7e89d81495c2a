"""Trusted checker data for `fx_horizontal_linear` (imported by the grader only).

Threat list (how a candidate gets this wrong -> what kills it):
- fused op inserted before the group's last Linear (after readers of the first) -> every model:
  the family's Graph.lint() ("used before it has been defined").
- torch.chunk into equal parts instead of split by out_features -> hl_mixed_sizes, hl_two_groups.
- bias=False Linear dropped or crashing the cat -> hl_mixed_sizes, hl_two_groups (zeros needed).
- grouping by in_features instead of by the node read -> hl_two_groups (hidden).
- one submodule name for every group (the second overwrites the first) -> hl_two_groups (hidden).
- growing an existing Linear in place (it is shared with the original model) -> the family
  re-runs the original model after the pass.
- split along dim 1 instead of -1 -> hl_gated_3d (3-D input, hidden).
- fusing two Linears of the same node across an in-place change of that node (x.add_(1) between
  them) -> needs a zoo model (fusion_zoo is family code); the reference groups by node and would
  fuse them too, so it needs the same fix.
- `type(m) is nn.Linear` missing subclasses of Linear -> needs a zoo model with a Linear subclass.
- a group of one fused too (every Linear rebuilt as a new Linear plus a one-piece split) -> structure():
  a Linear whose input no other Linear reads must still be called (hl_qkv's `o`, hl_gated_3d's `down`).
- stopping at the first lone Linear (break instead of continue over the groups) -> hl_lone_first
  (hidden: a lone Linear comes before the group that reads its output).
"""

from collections import Counter

from dlprep.checkers.families.fusion_pass.judge import GNode, GraphFacts
from torch import nn

PUBLIC = ("hl_qkv", "hl_mixed_sizes")
HIDDEN = ("hl_two_groups", "hl_gated_3d", "hl_lone_first")
LINEAR_FUNCTIONS = ("torch.nn.functional.linear", "torch.matmul", "operator.matmul", "torch.mm", "torch.addmm",
                    "torch.einsum")


def _linear(n: GNode) -> bool:
    return n.is_module(nn.Linear) or (n.op == "call_function" and n.target in LINEAR_FUNCTIONS) or \
        (n.op == "call_method" and n.target in ("matmul", "mm", "__matmul__"))


def structure(before: GraphFacts, after: GraphFacts) -> str | None:
    """Each node that several Linears read is read by exactly one linear/matmul op afterwards, and
    a Linear whose input no other Linear reads is still called."""
    shared = Counter(n.inputs[0] for n in before.calls() if n.is_module(nn.Linear) and n.inputs)
    kept = {n.target for n in after.calls() if n.op == "call_module"}
    for n in before.calls():
        if n.is_module(nn.Linear) and n.inputs and shared[n.inputs[0]] == 1 and n.target not in kept:
            return (f"{n.text()} is the only Linear that reads `{n.inputs[0]}`, yet the transformed graph no "
                    f"longer calls self.{n.target}: a Linear with nothing to fuse with stays as it is")
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
