# unusual right (n=0 launches an empty grid): programs walk blocks in reverse order; loads use clamped (always in-bounds) offsets instead of a load mask, only the store is masked
import torch
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK_SIZE: tl.constexpr):
    nblocks = tl.num_programs(0)
    blk = nblocks - 1 - tl.program_id(0)
    offs = blk * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    safe = tl.minimum(offs, n - 1)
    s = tl.load(x_ptr + safe) + tl.load(y_ptr + safe)
    tl.store(out_ptr + offs, s, mask=offs < n)


def solve(x: torch.Tensor, y: torch.Tensor, out: torch.Tensor) -> None:
    n = out.shape[0]
    BLOCK = 64
    add_kernel[(triton.cdiv(n, BLOCK),)](x, y, out, n, BLOCK_SIZE=BLOCK)
