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
- random ops not treated as barriers (two equal calls merged across a torch.rand_like or a training
  Dropout module) -> the merged input is traced back to the original graph: a merge across a random or
  in-place op fails even where the values agree (blind holdout: wrong/random_not_barrier,
  wrong/call_module_ignored, wrong/string_keys_selftest); keeping both, as the prompt says, passes
  (right/generation_counter) -> cse_barriers (hidden: a rand_like, a training Dropout module and a
  bernoulli() each between two equal calls they do not touch).
- call_module nodes merged when the module is pure (self.enc.attn.q(x) twice; the values agree) ->
  every module call of the original is still there (wrong/merges_call_module).
- random methods (p.bernoulli(), p.multinomial(2)) merged like pure calls -> cse_random_methods (hidden)
  and the family's count of random nodes (wrong/method_random_missed).
- keyword arguments compared in their written order (sum(x, dim=1, keepdim=True) and sum(x,
  keepdim=True, dim=1) kept apart) -> cse_kwargs (hidden); the keys here sort them
  (wrong/kwargs_order_key).
- arguments used as the key as they are: slices are unhashable (Python < 3.12) and 2 == 2.0 == True
  merge -> cse_slices_and_types (hidden: x[:, :2] twice, and i * 2 next to i * 2.0 on an int tensor).
- `&` / `|` (operator.and_ / or_) taken for in-place by their trailing `_`, a barrier that clears the
  table -> every contract program with the operator or mixed spelling holds a mask with a duplicate
  of an earlier op after it (wrong/logic_op_barrier).
"""

from collections import Counter

import torch

from dlprep.checkers.families.fusion_pass.judge import GraphFacts, ModelCase, program_case

PUBLIC = ("cse_twin_branches", "cse_random", "cse_inplace_twice", "cse_mutation_between")
HIDDEN = ("cse_kwargs", "cse_arg_order", "cse_dropout", "cse_module_twice", "cse_slices_and_types",
          "cse_random_methods", "cse_barriers")


def structure(before: GraphFacts, after: GraphFacts) -> str | None:
    """No two pure function/method calls with the same target, args and kwargs may remain between
    two random or in-place ops (a training Dropout module and an inplace=True module are such ops
    too), and none was merged across one."""
    seen: dict[str, str] = {}
    for n in after.nodes:
        if n.impure:
            seen.clear()  # a random or in-place op between two equal calls makes them different values
            continue
        if n.op not in ("call_function", "call_method"):
            continue
        first = seen.setdefault(n.key(), n.name)
        if first != n.name:
            return f"{n.text()} computes the same value as `{first}`: a common subexpression is left"
    calls = Counter(n.target for n in before.nodes if n.op == "call_module")
    have = Counter(n.target for n in after.nodes if n.op == "call_module")
    for target, count in sorted(calls.items()):
        if have[target] != count:
            return (f"the original graph calls the module {target} {count} time(s), the transformed one "
                    f"{have[target]}: call_module nodes are left alone")
    return _merged_across(before, after)


def _merged_across(before: GraphFacts, after: GraphFacts) -> str | None:
    """A node whose input was rewired from a call to an earlier equal call, with a random or
    in-place op between the two in the original graph: the prompt allows merging only duplicates
    with no such op between them (the values may agree, the rule is broken all the same). Nodes
    are matched by name; a pass that renames them is judged by the check above alone."""
    order = {n.name: i for i, n in enumerate(before.nodes)}
    # a module built with inplace=True: the prompt leaves open whether it is an in-place op, so
    # merging across one is not refused (nor required: the check above clears at it)
    barriers = [i for i, n in enumerate(before.nodes) if n.impure and (n.op != "call_module" or n.random)]
    for n in after.nodes:
        old = before.by_name.get(n.name)
        if old is None or old.op != n.op:
            continue
        was, now = old.reads, n.reads
        if len(was) != len(now):
            continue
        for dup, kept in zip(was, now, strict=True):
            if dup == kept or dup in after.by_name or kept not in order or dup not in order:
                continue
            lo, hi = order[kept], order[dup]
            crossed = next((before.nodes[b] for b in barriers if lo < b < hi), None)
            if crossed is not None:
                return (f"`{dup}` was merged into `{kept}` across {crossed.text()}: a random or in-place op "
                        "between two equal calls makes them different values, so they stay apart")
    return None


def contract_case(point: dict[str, str], gen: torch.Generator) -> ModelCase:
    """A random program of the `graph` flavour at this point of the stated domain (contract.yaml)."""
    return program_case("graph", point, gen)
