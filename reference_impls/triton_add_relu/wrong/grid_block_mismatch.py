# Sizes the grid for 1024-element blocks but launches with BLOCK_SIZE=512: half of every block range is never written.
import torch
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK_SIZE: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n
    s = tl.load(x_ptr + offs, mask=mask) + tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, tl.maximum(s, 0.0), mask=mask)


BLOCK = 1024


def solve(x: torch.Tensor, y: torch.Tensor, out: torch.Tensor) -> None:
    n = out.numel()
    add_relu_kernel[(triton.cdiv(n, BLOCK),)](x, y, out, n, BLOCK_SIZE=512)
