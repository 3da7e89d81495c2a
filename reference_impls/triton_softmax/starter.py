"""Row-wise softmax in Triton, one program per row.

Write a `@triton.jit` kernel and the launcher `solve(x, out)` so that `out` holds
`torch.softmax(x, dim=-1)` for a 2-D float32 x of shape (M, N), with one program per row: the
grid has M programs, and program i loads row i whole (a block of BLOCK_SIZE >= N lanes, e.g.
`triton.next_power_of_2(N)`), reduces it and stores the result row.

- It must be numerically stable: subtract the row's maximum before exponentiating (rows with
  values around 1000 or -500 appear; exp(1000) overflows float32).
- N is any width (1, 7, 1025, ...). The lanes past N must not take part in the max or the sum.
- Rows may be padded: use x.stride(0) and out.stride(0) - they differ from N, and from each other.
- Write into `out`; do not allocate the result yourself and do not modify x. Only memory inside
  the two tensors may be read or written: the grader surrounds them (and fills the padding after
  each row) with canary values and checks that they survive.
- The computation must happen in your kernel, not in torch.
"""

import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, out_ptr, x_row_stride, out_row_stride, n_cols, BLOCK_SIZE: tl.constexpr):
    pass  # TODO


def solve(x: torch.Tensor, out: torch.Tensor) -> None:
    raise NotImplementedError
