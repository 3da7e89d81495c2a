# Rounds the grid up as (n - 1) // BLOCK_SIZE and forgets the + 1: one block short (none at all for n <= BLOCK_SIZE).
import torch
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK_SIZE: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) + tl.load(y_ptr + offs, mask=mask), mask=mask)


def solve(x: torch.Tensor, y: torch.Tensor, out: torch.Tensor) -> None:
    n = out.numel()
    block = 512
    add_kernel[((n - 1) // block,)](x, y, out, n, BLOCK_SIZE=block)
