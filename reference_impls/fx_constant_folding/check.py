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
"""

from dlprep.checkers.families.fusion_pass.judge import GraphFacts

PUBLIC = ("fold_scaled_linear", "fold_weight_std", "fold_inplace_update")
HIDDEN = ("fold_noise", "fold_nested", "fold_size_dependent", "fold_random_method")


def structure(before: GraphFacts, after: GraphFacts) -> str | None:
    """No pure call may be left whose inputs are all parameters, buffers or folded values."""
    # what an in-place call writes into changes while the graph runs: neither it nor its readers fold
    written = {n.inputs[0] for n in after.nodes if n.inplace and n.inputs}
    constant = set()
    for n in after.nodes:
        if n.name in written:
            continue
        if n.op == "get_attr":
            constant.add(n.name)
        elif n.op in ("call_function", "call_method") and not n.impure and n.inputs \
                and all(i in constant for i in n.inputs):
            return (f"{n.text()} is computed from parameters and constants only, at every call: "
                    "fold it into a constant")
    return None
