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
  them) -> hl_inplace_between (hidden: a(h), h.add_(1), b(h) gives b the old h; c(x), d(x) must
  still fuse) (wrong/fuses_across_inplace). Two Linears of one node with any in-place op between
  them may stay apart (the op may change the node through a view), so structure() only asks to fuse
  readers with no in-place op between them, and to keep those an in-place op on the node separates.
- `type(m) is nn.Linear` missing subclasses of Linear -> hl_linear_subclass (hidden: torch's
  NonDynamicallyQuantizableLinear, a call_module leaf with Linear's forward, shares x with two plain
  Linears and is left reading it) (wrong/exact_type_check).
- in-place ops taken in one spelling only: `x.foo_()` methods (torch.relu_, F.relu(inplace=True),
  nn.ReLU(inplace=True) missed: wrong/inplace_method_only), or only writes whose target is the node
  itself (a write through a view, narrow(...).mul_, missed: wrong/inplace_direct_only) -> random
  programs with effects inplace: every spelling drawn, and the first group of each always has a
  write through a view of its node before its last member.
- the fused Linear installed under a member's own name -> random programs with modules shared: that
  member is called again on another group's node (wrong/reuse_first_target).
- a group of one fused too (every Linear rebuilt as a new Linear plus a one-piece split) -> structure():
  a Linear whose input no other Linear reads must still be called (hl_qkv's `o`, hl_gated_3d's `down`).
- stopping at the first lone Linear (break instead of continue over the groups) -> hl_lone_first
  (hidden: a lone Linear comes before the group that reads its output).
"""

from collections.abc import Callable

import torch
from torch import nn

from dlprep.checkers.families.fusion_pass.judge import GNode, GraphFacts, ModelCase, program_case

PUBLIC = ("hl_qkv", "hl_mixed_sizes")
HIDDEN = ("hl_two_groups", "hl_gated_3d", "hl_lone_first", "hl_inplace_between", "hl_linear_subclass")
LINEAR_FUNCTIONS = ("torch.nn.functional.linear", "torch.matmul", "operator.matmul", "torch.mm", "torch.addmm",
                    "torch.einsum")


def _linear(n: GNode) -> bool:
    return n.is_module(nn.Linear) or (n.op == "call_function" and n.target in LINEAR_FUNCTIONS) or \
        (n.op == "call_method" and n.target in ("matmul", "mm", "__matmul__"))


def _readers(g: GraphFacts, src: str, pick: Callable[[GNode], bool]) -> list[tuple[GNode, bool, bool]]:
    """The nodes `pick` selects that read `src`, in graph order, each with whether any in-place op, and
    whether one that reads `src` (it may change it), ran since the previous one (or the start)."""
    out, changed, changed_src = [], False, False
    for n in g.nodes:
        if n.inplace:
            changed, changed_src = True, changed_src or src in n.inputs
        elif pick(n) and src in n.inputs:
            out.append((n, changed, changed_src))
            changed = changed_src = False
    return out


def structure(before: GraphFacts, after: GraphFacts) -> str | None:
    """Linears that read the same node with no in-place op between them are read by exactly one
    linear/matmul op afterwards, and a Linear that no other Linear reads its input with (none, or an
    in-place op on that input between them) is still called."""
    kept = {n.target for n in after.calls() if n.op == "call_module"}
    sources = dict.fromkeys(n.inputs[0] for n in before.calls() if n.is_module(nn.Linear) and n.inputs)
    for src in sources:
        readers = _readers(before, src, lambda n: n.is_module(nn.Linear) and n.inputs[0] == src)
        for i, (n, _, changed_src) in enumerate(readers):
            alone = (i == 0 or changed_src) and (i + 1 == len(readers) or readers[i + 1][2])
            if alone and n.target not in kept:
                return (f"{n.text()} is the only Linear that reads `{src}` (at that point), yet the transformed "
                        f"graph no longer calls self.{n.target}: a Linear with nothing to fuse with stays as it is")
    for src in sources:
        readers = _readers(before, src, lambda n: n.is_module(nn.Linear) and n.inputs[0] == src)
        if all(changed for _, changed, _ in readers[1:]):
            continue  # no two of them may be fused
        count = len(readers)
        if src not in after.by_name:
            return f"the node `{src}` that {count} Linears read is gone from the transformed graph"
        now = _readers(after, src, _linear)
        if not now or any(not changed for _, changed, _ in now[1:]):
            names = ", ".join(n.name for n, _, _ in now) or "none"
            return (f"{len(now)} linear/matmul ops read `{src}` ({names}): the {count} Linears that share it must "
                    "become one linear/matmul (one per stretch between in-place ops), whose output is then split")
    return None


def contract_case(point: dict[str, str], gen: torch.Generator) -> ModelCase:
    """A random program of the `linear` flavour at this point of the stated domain (contract.yaml)."""
    return program_case("linear", point, gen)
