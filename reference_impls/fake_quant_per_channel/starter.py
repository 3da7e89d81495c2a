"""Per-channel fake quantisation, values and gradient.

Implement `solve(x, scale, zero_point, axis, quant_min, quant_max, grad_y)` returning `(y, grad_x)`:
y = torch.fake_quantize_per_channel_affine(x, scale, zero_point, axis, quant_min, quant_max), and
grad_x = the gradient it gives x for upstream gradient grad_y (see the prompt for the contract).

Per element, s and z its channel's scale (float32) and zero point (int32):
    inv = 1 / s                  (float32)
    v = x * inv                  (float64 for float64 x, else float32)
    q = round_half_to_even(v) + z
    y = (clamp(q, quant_min, quant_max) - z) * s    (float64 for float64 x, else float32), cast to x.dtype
    grad_x = grad_y where quant_min <= q <= quant_max (unclamped q, ends included), else 0
"""

import torch


def solve(x: torch.Tensor, scale: torch.Tensor, zero_point: torch.Tensor, axis: int, quant_min: int,
          quant_max: int, grad_y: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    raise NotImplementedError
