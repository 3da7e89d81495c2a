"""Fold BatchNorm into the preceding Conv2d, as a torch.fx pass (inference only).

Implement `solve(gm)`. `gm` is a torch.fx.GraphModule that torch.fx.symbolic_trace made from a
model in eval mode. In eval mode a BatchNorm2d is a fixed per-channel affine map,

    bn(y) = (y - running_mean) / sqrt(running_var + eps) * weight + bias,

so when it directly follows a Conv2d it can be folded into that conv's weight and bias (scale each
output channel's kernel, shift the bias; a conv without a bias gets one). Return a GraphModule that
computes the same outputs, with every such BatchNorm gone and exactly as many convolutions as
before.

Rules:
- Fold a BatchNorm2d (a call_module node) only when its input is a Conv2d call_module node whose
  output nothing else reads: if the conv's output is also used elsewhere, folding would change that
  use. Every other BatchNorm stays.
- Do not change the model's parameters or buffers in place: the traced GraphModule shares its
  submodules with the original model, which must still compute what it did. Build a new conv (or
  copy.deepcopy the old one) and put it on `gm` in the old one's place; module targets can be
  nested (`features.0`).
- When one conv module is called at several nodes, register each folded conv under a new name and
  retarget only the node whose BatchNorm it absorbed; keep exactly as many convolution call nodes.
  Every BatchNorm2d here tracks running statistics. Models use float32 and float64.
- Compute the folded weights yourself: torch.nn.utils.fusion and torch.fx.experimental.optimization
  are not allowed.
- You may edit `gm` in place and return it; call `gm.recompile()` after editing its graph.

Graded on `cbn_conv_bn_relu` (conv with bias -> bn -> relu) and `cbn_two_stages` (a strided conv
and a grouped conv, both without bias, each followed by a bn), and on hidden models.
"""

from torch import fx


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    raise NotImplementedError
