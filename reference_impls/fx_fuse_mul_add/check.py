"""Trusted checker data for `fx_fuse_mul_add` (imported by the grader only).

Threat list (how a candidate gets this wrong -> what kills it):
- addcmul arguments in the wrong order -> fma_affine (broadcast buffers give other values).
- only x * a + b matched, not b + x * a or torch.add/torch.mul -> fma_operand_order.
- the fused op inserted at the product, before b is defined -> fma_affine, fma_chain (lint).
- old add and product left in the graph (users redirected, nothing erased) -> structure().
- a product with other readers fused (computed twice) -> fma_shared_product (hidden).
- x * 0.5 + y fused (addcmul needs tensors) -> fma_shared_product (hidden).
- a chain starting from a fused result missed -> fma_chain (hidden).
- torch.add(x * y, z, alpha=2) fused and alpha lost -> fma_alpha (wrong/ignores_alpha,
  wrong/two_args_only).
- fusing across an in-place change of an operand between the multiply and the add
  (p = x * y; x.add_(1); p + z) -> fma_inplace_between (hidden: h.add_(1) between h * y, z * h and
  their adds, on either operand; an ordinary chain after it must still fuse) (wrong/fuses_across_inplace).
  A chain with any in-place op between its two nodes may be left (the op may change an operand
  through a view), so structure() does not ask for it.
- only a product right before its add fused, or any op between the two taken for a change ->
  fma_inplace_between (hidden: y * z + h.tanh() has tanh between its multiply and its add).
- x * y + 1.0 fused (addcmul's input must be a tensor), any binary op of a product taken for an add
  (y * z - x), or the walk stopping at the first add it skips -> fma_not_the_pattern (hidden).
- `&` / `|` (operator.and_ / or_) taken for in-place by their trailing `_`, blocking the fusion ->
  contract programs with the operator or mixed spelling draw the form mask_between
  (x * a + b with (x > 0) & (b < 1) between the multiply and the add; wrong/logic_op_blocks).
"""

import torch

from dlprep.checkers.families.fusion_pass.judge import GNode, GraphFacts, ModelCase, program_case

PUBLIC = ("fma_affine", "fma_operand_order", "fma_alpha")
HIDDEN = ("fma_chain", "fma_shared_product", "fma_not_the_pattern", "fma_inplace_between", "fma_inplace_view")
MULS = ("operator.mul", "torch.mul")
ADDS = ("operator.add", "torch.add")
MULTIPLIES = (*MULS, "torch.addcmul")  # ops that compute a product


def _product_operand(g: GraphFacts, add: GNode, pos: dict[str, int]) -> GNode | None:
    """The tensor * tensor product that `add` adds to another tensor, if nothing else reads it and no
    in-place op runs between the two (`pos`: each node's index in g.nodes)."""
    if add.op != "call_function" or add.target not in ADDS or add.kwargs or len(add.inputs) != 2 \
            or len(add.args) != 2:
        return None
    for name in add.inputs:
        p = g.by_name[name]
        if p.op == "call_function" and p.target in MULS and not p.kwargs and len(p.args) == 2 \
                and len(p.inputs) == 2 and [u.name for u in g.users(name)] == [add.name] \
                and not any(n.inplace for n in g.nodes[pos[p.name] + 1:pos[add.name]]):
            return p
    return None


def _multiplies(g: GraphFacts) -> int:
    return sum(n.target in MULTIPLIES or (n.op == "call_method" and n.target in ("mul", "addcmul")) for n in g.calls())


def structure(before: GraphFacts, after: GraphFacts) -> str | None:
    """No `x * a + b` chain is left (unless an in-place op runs between its two nodes), and no product
    is now computed twice."""
    pos = {n.name: i for i, n in enumerate(after.nodes)}
    for n in after.calls():
        p = _product_operand(after, n, pos)
        if p is not None:
            return f"{n.text()} adds the product {p.text()}: fuse each x * a + b chain into one op"
    if _multiplies(after) > _multiplies(before):
        return (f"the transformed graph multiplies {_multiplies(after)} times, the original {_multiplies(before)}: "
                "a product that other nodes also read was fused, so it is now computed twice")
    return None


def contract_case(point: dict[str, str], gen: torch.Generator) -> ModelCase:
    """A random program of the `fma` flavour at this point of the stated domain (contract.yaml)."""
    return program_case("fma", point, gen)
