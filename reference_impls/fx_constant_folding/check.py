"""Trusted checker data for `fx_constant_folding` (imported by the grader only).

Threat list (how a candidate gets this wrong -> what kills it):
- folding random ops (randn_like(self.weight)) -> fold_noise (hidden; the family also checks that
  random and in-place nodes are kept).
- evaluating a call without its kwargs (mean(dim=..., keepdim=True) becomes a full mean)
  -> fold_weight_std.
- one buffer name for every folded value (each overwrites the last) -> fold_scaled_linear,
  fold_nested, fold_size_dependent.
- uses redirected but the old chain left in the graph, or only one level folded -> structure().
- folding through x.size(1) -> fold_size_dependent (hidden).
- a folded value that is also an output, nested get_attr targets -> fold_nested (hidden).
- writing the folded value into the shared parameter -> the family re-runs the original model.
- no gm.recompile() -> the family's stale-code check.
- folding an in-place call (fx's Node.is_impure() does not flag in-place methods): the update
  happens once at fold time -> fold_inplace_update (clone of a parameter, add_, then read) and the
  family's count of in-place nodes (wrong/is_impure_only).
- folding what reads a tensor that an in-place call writes (w * 2 computed before w.add_(1) runs)
  -> fold_inplace_update's values; the reference had this bug and now leaves written tensors and
  their readers unfolded (wrong/folds_written_tensor).
- random *methods* treated as pure (only functions like randn_like checked, or `and` / `or` mixed up
  in the method test) -> fold_random_method (hidden: self.weight.bernoulli(0.5), a DropConnect mask).
- the opposite: a random op counted as writing into what it reads, so the constant it reads
  (weight.sigmoid() before torch.bernoulli) stays unfolded -> fold_random_reader (hidden) and
  random programs (wrong/random_reader_not_folded).
- every operand of an in-place call counted as written (w.add_(scale) marking scale too), so
  scale = bias.exp() stays unfolded -> fold_inplace_reader (hidden) and random programs
  (wrong/inplace_operand_not_folded, wrong/subgraph_inplace_operand).
"""

from collections import Counter

import torch

from dlprep.checkers.families.fusion_pass.judge import GNode, GraphFacts, ModelCase, program_case

PUBLIC = ("fold_scaled_linear", "fold_weight_std", "fold_inplace_update")
# the question's `hidden` is 8: one case each (the two readers last, so a smaller `hidden` keeps the first six)
HIDDEN = ("fold_noise", "fold_nested", "fold_size_dependent", "fold_random_method", "fold_module_on_param",
          "fold_mutated_view", "fold_random_reader", "fold_inplace_reader")


# Ops whose result may share storage with their first argument (kept in step with reference.py).
VIEWS = {"view", "view_as", "reshape", "t", "transpose", "permute", "expand", "expand_as", "squeeze", "unsqueeze",
         "flatten", "unflatten", "narrow", "select", "getitem", "diagonal", "unfold", "as_strided", "detach",
         "contiguous", "to", "type_as", "chunk", "split", "unbind", "movedim", "real", "imag", "view_as_real"}

# Calls whose value is a Python number, a shape or a dtype, which no buffer can hold.
NOT_TENSORS = {"size", "dim", "numel", "nelement", "stride", "getattr", "is_contiguous", "item", "tolist"}


def _written(g: GraphFacts, n: GNode) -> list[str]:
    """What the in-place call `n` writes into: its target (first argument, or `out=`) and, through
    view ops, every value that target is a view of."""
    out_arg = n.kwargs.get("out") if isinstance(n.kwargs, dict) else None
    first = out_arg["node"] if isinstance(out_arg, dict) and "node" in out_arg else (n.inputs[0] if n.inputs else None)
    found = []
    while first is not None and first in g.by_name:
        found.append(first)
        node = g.by_name[first]
        if node.op not in ("call_function", "call_method") or node.leaf not in VIEWS or not node.inputs:
            break
        first = node.inputs[0]
    return found


def structure(before: GraphFacts, after: GraphFacts) -> str | None:
    """No pure call may be left whose inputs are all parameters, buffers or folded values, and every
    call_module node stays (a module may be random, like nn.Dropout: it is never folded)."""
    modules = Counter(n.target for n in before.nodes if n.op == "call_module")
    left = Counter(n.target for n in after.nodes if n.op == "call_module")
    for target, count in sorted(modules.items()):
        if left[target] < count:
            return (f"the original graph calls self.{target} {count} time(s), the transformed one {left[target]}: "
                    "call_module nodes are never folded")
    # what an in-place call writes into changes while the graph runs: neither it nor its readers fold
    written = {w for n in after.nodes if n.inplace for w in _written(after, n)}
    constant = set()
    for n in after.nodes:
        if n.name in written:
            continue
        if n.op == "get_attr":
            constant.add(n.name)
        elif n.op in ("call_function", "call_method") and not n.impure and n.inputs \
                and all(i in constant for i in n.inputs):
            if n.leaf in NOT_TENSORS:  # a size or a dtype is no tensor to store: constant, not stored
                constant.add(n.name)
                continue
            return (f"{n.text()} is computed from parameters and constants only, at every call: "
                    "fold it into a constant")
    return None

def contract_case(point: dict[str, str], gen: torch.Generator) -> ModelCase:
    """A random program of the `graph` flavour at this point of the stated domain (contract.yaml)."""
    return program_case("graph", point, gen)
