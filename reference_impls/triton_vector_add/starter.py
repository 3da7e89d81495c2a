"""Vector add in Triton.

Write a `@triton.jit` kernel in which each program adds one BLOCK_SIZE-long block of two vectors,
and the launcher `solve(x, y, out)` that launches it so that `out[i] = x[i] + y[i]` for every i.

- x, y and out are 1-D tensors of the same length n and dtype (float32 or float16), on the device
  the grader chose (CPU tensors under TRITON_INTERPRET=1, or CUDA tensors).
- Write into `out`; do not allocate the result yourself and do not modify x or y.
- n is any length: 0, 1, 1023, 1025, ... - never assume it is a multiple of BLOCK_SIZE.
- Only memory inside the three tensors may be read or written: the grader surrounds them with
  canary values and checks that they survive.
- The addition must happen in your kernel; computing `x + y` with torch does not count.
"""

import torch
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK_SIZE: tl.constexpr):
    pass  # TODO


def solve(x: torch.Tensor, y: torch.Tensor, out: torch.Tensor) -> None:
    raise NotImplementedError
