"""Trusted checker data for `fx_dce` (imported by the grader only).

Threat list (how a candidate gets this wrong -> what kills it):
- one forward sweep (dead chains survive) -> dce_dead_branch (structure check).
- unused placeholders removed -> the family's signature check.
- FX's eliminate_dead_code (in-place methods treated as pure), or in-place detection through
  str(node.target) (misses torch.relu_) -> dce_inplace (op counts).
- random ops removed -> dce_random_stream (hidden; op counts).
- call_module / get_attr kept as if effectful -> dce_dead_branch (the unused Linear and weight).
- multiple outputs -> dce_multi_output (hidden).
- `&` / `|` (operator.and_ / or_) taken for in-place by their trailing `_` -> every contract program
  with the operator or mixed spelling holds a dead mask (wrong/keeps_logic_ops).
"""


import torch

from dlprep.checkers.families.fusion_pass.judge import GraphFacts, ModelCase, program_case

PUBLIC = ("dce_dead_branch", "dce_inplace")
HIDDEN = ("dce_random_stream", "dce_multi_output", "dce_effect_spellings")


def structure(before: GraphFacts, after: GraphFacts) -> str | None:
    """Nothing pure whose value nobody reads is left (the family checks that the inputs stay)."""
    for n in after.nodes:
        if n.op not in ("placeholder", "output") and not n.impure and not after.users(n.name):
            return f"{n.text()} is never used but is still in the graph"
    return None


def contract_case(point: dict[str, str], gen: torch.Generator) -> ModelCase:
    """A random program of the `graph` flavour at this point of the stated domain (contract.yaml)."""
    return program_case("graph", point, gen)
