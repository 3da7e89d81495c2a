"""Trusted checker data for `fx_cse` (imported by the grader only).

Threat list (how a candidate gets this wrong -> what kills it):
- random ops merged (FX's CSEPass, a hand-made short list, or Node.is_impure(), which misses
  F.dropout) -> cse_random, cse_dropout (hidden; the family also counts random/in-place nodes).
- keyword arguments left out of the key -> cse_kwargs (hidden).
- arguments sorted to catch commutative ops (sub(x, y) merged with sub(y, x)) -> cse_arg_order.
- all keys computed before any merge (chains never meet) -> cse_twin_branches (relu(x) * 2 twice).
- no gm.recompile() -> the family's stale-code check.
- in-place calls merged (y.add_(1) twice becomes once) -> cse_inplace_twice (values, and the
  family's count of in-place nodes) (wrong/merges_inplace, wrong/inplace_by_name).
- two equal pure calls with an in-place change of their input between them (relu(y); y.add_(1);
  relu(y)) -> cse_mutation_between; the reference now forgets what it saw at every in-place or
  random call (it merged them too) (wrong/ignores_mutation_between).
- call_module nodes merged (a module with state or randomness called twice) -> cse_module_twice
  (hidden: a Dropout module that stays in training mode, called twice on x)
  (wrong/merges_module_calls).
- arguments used as the key as they are: slices are unhashable (Python < 3.12) and 2 == 2.0 == True
  merge -> cse_slices_and_types (hidden: x[:, :2] twice, and i * 2 next to i * 2.0 on an int tensor).
"""

import torch

from dlprep.checkers.families.fusion_pass.judge import GraphFacts, ModelCase, program_case

PUBLIC = ("cse_twin_branches", "cse_random", "cse_inplace_twice", "cse_mutation_between")
HIDDEN = ("cse_kwargs", "cse_arg_order", "cse_dropout", "cse_module_twice", "cse_slices_and_types")


def structure(before: GraphFacts, after: GraphFacts) -> str | None:
    """No two pure function/method calls with the same target, args and kwargs may remain."""
    seen: dict[str, str] = {}
    for n in after.nodes:
        if n.op in ("call_function", "call_method") and n.impure:
            seen.clear()  # an in-place call between two equal calls makes them different values
            continue
        if n.op not in ("call_function", "call_method"):
            continue
        first = seen.setdefault(n.key(), n.name)
        if first != n.name:
            return f"{n.text()} computes the same value as `{first}`: a common subexpression is left"
    return None


def contract_case(point: dict[str, str], gen: torch.Generator) -> ModelCase:
    """A random program of the `graph` flavour at this point of the stated domain (contract.yaml)."""
    return program_case("graph", point, gen)
