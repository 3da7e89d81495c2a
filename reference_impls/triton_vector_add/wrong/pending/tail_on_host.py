# The kernel adds only the whole 16-element blocks; the tail that does not fill a block is added by torch.add.
import torch
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n_full, BLOCK_SIZE: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_full
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) + tl.load(y_ptr + offs, mask=mask), mask=mask)


def solve(x: torch.Tensor, y: torch.Tensor, out: torch.Tensor) -> None:
    n_full = out.numel() // 16 * 16
    add_kernel[(max(1, n_full // 16),)](x, y, out, n_full, BLOCK_SIZE=16)
    torch.add(x[n_full:], y[n_full:], out=out[n_full:])
