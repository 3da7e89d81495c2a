# Subtracts the row mean instead of the row max: fine on gentle rows, but exp overflows once max - mean exceeds ~88.
import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, out_ptr, x_row_stride, out_row_stride, n_cols, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK_SIZE)
    mask = offs < n_cols
    x = tl.load(x_ptr + row * x_row_stride + offs, mask=mask, other=0.0)
    mean = tl.sum(x, axis=0) / n_cols
    e = tl.where(mask, tl.exp(x - mean), 0.0)
    tl.store(out_ptr + row * out_row_stride + offs, e / tl.sum(e, axis=0), mask=mask)


def solve(x: torch.Tensor, out: torch.Tensor) -> None:
    M, N = x.shape
    softmax_kernel[(M,)](x, out, x.stride(0), out.stride(0), N, BLOCK_SIZE=triton.next_power_of_2(N))
