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
- folding an in-place op on a parameter (self.steps.add_(1), which fx's Node.is_impure() does not
  flag): the counter freezes and the original model's parameter is changed at fold time -> needs a
  zoo model with such an op (fusion_zoo is family code).
"""

from dlprep.checkers.families.fusion_pass.judge import GraphFacts

PUBLIC = ("fold_scaled_linear", "fold_weight_std")
HIDDEN = ("fold_noise", "fold_nested", "fold_size_dependent")


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
