# Not fused: one kernel writes x + y into out, a second one applies relu to out in place (the sum goes through memory).
# zh: 没有融合：一个 kernel 把 x + y 写进 out，另一个再对 out 原地做 relu（中间的和要先写回内存再读出来）。
import torch
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK_SIZE: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) + tl.load(y_ptr + offs, mask=mask), mask=mask)


@triton.jit
def relu_kernel(ptr, n, BLOCK_SIZE: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n
    v = tl.load(ptr + offs, mask=mask)
    tl.store(ptr + offs, tl.maximum(v, 0.0), mask=mask)


def solve(x: torch.Tensor, y: torch.Tensor, out: torch.Tensor) -> None:
    n = out.numel()
    grid = (triton.cdiv(n, 1024),)
    add_kernel[grid](x, y, out, n, BLOCK_SIZE=1024)
    relu_kernel[grid](out, n, BLOCK_SIZE=1024)
