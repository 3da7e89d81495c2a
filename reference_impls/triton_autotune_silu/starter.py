"""An autotuned SiLU kernel in Triton.

Write a kernel decorated with `@triton.autotune` (over at least two `triton.Config`s that differ
in BLOCK_SIZE, e.g. 256 and 1024, with `key=["n"]`) on top of `@triton.jit`, and the launcher
`solve(x, out)` so that `out[i] = x[i] * sigmoid(x[i])` (torch.nn.functional.silu).

- The launcher must not pass BLOCK_SIZE itself: the autotuner supplies it. So the grid cannot be
  a fixed tuple either: make it a function of the chosen config, `lambda meta: ...`.
- x and out are 1-D float32 tensors of the same length n (any length), on the device the grader
  chose (CPU tensors under TRITON_INTERPRET=1, or CUDA tensors).
- Every config must be correct: the grader runs each case once per config, not only with the one
  the tuner would pick.
- Write into `out`; do not allocate the result yourself and do not modify x. Only memory inside
  the two tensors may be read or written (the grader surrounds them with canary values).
- The computation must happen in your kernel, not in torch.
"""

import torch
import triton
import triton.language as tl


@triton.jit
def silu_kernel(x_ptr, out_ptr, n, BLOCK_SIZE: tl.constexpr):
    pass  # TODO


def solve(x: torch.Tensor, out: torch.Tensor) -> None:
    raise NotImplementedError
