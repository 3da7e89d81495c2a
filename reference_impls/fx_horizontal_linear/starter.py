"""Horizontal fusion of Linear layers that share an input, as a torch.fx pass.

Implement `solve(gm)`. `gm` is a torch.fx.GraphModule that torch.fx.symbolic_trace made from a
model in eval mode. When several nn.Linear call_module nodes read the same node (like the Q, K and
V projections of one hidden state), replace them with ONE linear op whose weight is the Linears'
weights stacked along the output dimension (nn.Linear stores weight as (out_features, in_features)),
followed by a split of its output along the last dimension back into the original pieces.
Return a GraphModule that computes the same outputs, in which each such shared input is read by a
single linear/matmul op (an nn.Linear you add with gm.add_submodule, or F.linear on stacked
weights).

Rules:
- Only Linears that read the *same node* are fused; Linears with the same in_features that read
  different nodes are not. A Linear whose input no other Linear reads is left as it is.
- The fused Linears may have different out_features, and some may have no bias (use zeros).
- Inputs can have any number of leading dimensions: (batch, features) or (batch, time, features).
- Do not change the model's parameters in place: the traced GraphModule shares them with the
  original model, which must still compute what it did.
- Any in-place op in graph order between two Linears of one node keeps them apart, in any
  spelling: `h.add_(1)`, `torch.relu_(h)`, `F.relu(h, inplace=True)`, an `nn.ReLU(inplace=True)`
  module, `out=`, or a write through a view (`h.narrow(-1, 0, 2).mul_(2)`).
  `operator.and_`/`or_` (`&`, `|`) are not in-place. Only call_module nodes are fused: a Linear subclass defined outside torch.nn is
  traced through into F.linear calls. A Linear called twice on one node may be stacked once or twice.
- Models nest submodules (`enc.attn.q`), use float32 and float64, and are called twice.
- You may edit `gm` in place and return it; call `gm.recompile()` after editing its graph.

Graded on `hl_qkv` (q, k, v = three Linear(16, 16) of x; an output projection of their combination)
and `hl_mixed_sizes` (Linear(12, 4), Linear(12, 6) and Linear(12, 2, bias=False) of x), and on
hidden models.
"""

from torch import fx


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    raise NotImplementedError
