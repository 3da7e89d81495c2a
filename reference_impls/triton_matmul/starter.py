"""Blocked matrix multiply in Triton with tl.dot.

Write a `@triton.jit` kernel and the launcher `solve(a, b, out)` so that `out = a @ b` for
float32 a of shape (M, K) and b of shape (K, N). Each program computes one BLOCK_M x BLOCK_N
tile of out: it walks K in steps of BLOCK_K, loads a BLOCK_M x BLOCK_K tile of a and a
BLOCK_K x BLOCK_N tile of b, accumulates their `tl.dot` in a float32 accumulator, and stores the
tile once at the end. Use a 2-D grid (cdiv(M, BLOCK_M), cdiv(N, BLOCK_N)).

- tl.dot needs every block dimension to be at least 16.
- M, N and K are any sizes (1, 17, 33, ...): mask the tiles at the edges of all three, so that the
  lanes past K contribute 0 to the sum.
- Rows may be padded: use the strides of a, b and out (they differ from the shapes and from each
  other).
- Write into `out`; do not allocate the result yourself and do not modify a or b. Only memory
  inside the three tensors may be read or written: the grader surrounds them (and fills the
  padding after each row) with canary values and checks that they survive.
- The product must be computed by your kernel, not by torch. On a GPU tl.dot uses TF32 for
  float32 inputs by default; the tolerance allows for that.
"""

import torch
import triton
import triton.language as tl


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                  stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pass  # TODO


def solve(a: torch.Tensor, b: torch.Tensor, out: torch.Tensor) -> None:
    raise NotImplementedError
