"""LayerNorm forward in Triton, one program per row.

Write a `@triton.jit` kernel and the launcher `solve(x, weight, bias, eps, out)` so that `out`
holds `torch.nn.functional.layer_norm(x, (N,), weight, bias, eps)` for a 2-D float32 x of shape
(M, N): for each row, mean = sum(x) / N, var = sum((x - mean)^2) / N (the biased variance), and
out = (x - mean) / sqrt(var + eps) * weight + bias. One program per row, loading the row whole
(BLOCK_SIZE = triton.next_power_of_2(N)).

- N is any width (1, 7, 1025, ...): the lanes past N must take part in neither the mean nor the
  variance - note that `x - mean` is not 0 in those lanes even when x was loaded as 0 there.
- Rows may be padded: use x.stride(0) and out.stride(0) (they differ from N and from each other).
  weight and bias are contiguous 1-D tensors of length N; eps is a Python float.
- Write into `out`; do not allocate the result yourself and do not modify the inputs. Only memory
  inside the tensors may be read or written: the grader surrounds them (and fills the padding
  after each row) with canary values and checks that they survive.
- The computation must happen in your kernel, not in torch.
"""

import torch
import triton
import triton.language as tl


@triton.jit
def layernorm_kernel(x_ptr, w_ptr, b_ptr, out_ptr, x_row_stride, out_row_stride, n_cols, eps,
                     BLOCK_SIZE: tl.constexpr):
    pass  # TODO


def solve(x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor, eps: float, out: torch.Tensor) -> None:
    raise NotImplementedError
