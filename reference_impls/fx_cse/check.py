"""Trusted checker data for `fx_cse` (imported by the grader only).

Threat list (how a candidate gets this wrong -> what kills it):
- random ops merged (FX's CSEPass, a hand-made short list, or Node.is_impure(), which misses
  F.dropout) -> cse_random, cse_dropout (hidden; the family also counts random/in-place nodes).
- keyword arguments left out of the key -> cse_kwargs (hidden).
- arguments sorted to catch commutative ops (sub(x, y) merged with sub(y, x)) -> cse_arg_order.
- all keys computed before any merge (chains never meet) -> cse_twin_branches (relu(x) * 2 twice).
- no gm.recompile() -> the family's stale-code check.
- in-place calls merged (y.add_(1) twice becomes once) -> needs a zoo model with repeated
  in-place calls (fusion_zoo is family code).
- call_module nodes merged (a module with state or randomness called twice) -> needs a zoo model.
- two equal pure calls with an in-place change of their input between them (relu(y); y.add_(1);
  relu(y)) -> needs a zoo model; the reference merges them too (its key ignores what ran in
  between), so it needs the same fix.
"""

from dlprep.checkers.families.fusion_pass.judge import GraphFacts

PUBLIC = ("cse_twin_branches", "cse_random")
HIDDEN = ("cse_kwargs", "cse_arg_order", "cse_dropout")


def structure(before: GraphFacts, after: GraphFacts) -> str | None:
    """No two pure function/method calls with the same target, args and kwargs may remain."""
    seen: dict[str, str] = {}
    for n in after.nodes:
        if n.op not in ("call_function", "call_method") or n.impure:
            continue
        first = seen.setdefault(n.key(), n.name)
        if first != n.name:
            return f"{n.text()} computes the same value as `{first}`: a common subexpression is left"
    return None
