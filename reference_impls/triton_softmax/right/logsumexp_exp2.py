# unusual right: computes the row's (max-shifted) log-sum-exp in base 2 (exp2/log2 with log2(e) scaling) and writes exp2(x*log2e - lse2), no division; masking via tl.where
import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, out_ptr, x_row_stride, out_row_stride, n_cols, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * x_row_stride + cols, mask=mask, other=0.0)
    LOG2E: tl.constexpr = 1.4426950408889634
    xm = tl.where(mask, x, -float("inf"))
    t = (xm - tl.max(xm, axis=0)) * LOG2E          # subtract the max first, then change base
    lse2 = tl.log2(tl.sum(tl.exp2(t), axis=0))
    tl.store(out_ptr + row * out_row_stride + cols, tl.exp2(t - lse2), mask=mask)


def solve(x: torch.Tensor, out: torch.Tensor) -> None:
    n_rows, n_cols = x.shape
    BLOCK = triton.next_power_of_2(n_cols)
    softmax_kernel[(n_rows,)](x, out, x.stride(0), out.stride(0), n_cols, BLOCK_SIZE=BLOCK, num_warps=4 if BLOCK < 2048 else 8)
