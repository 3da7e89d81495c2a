# Variance in one pass as E[x^2] - mean^2: with a large common offset the two terms cancel and float32 keeps only noise.
import torch
import triton
import triton.language as tl


@triton.jit
def layernorm_kernel(x_ptr, w_ptr, b_ptr, out_ptr, x_row_stride, out_row_stride, n_cols, eps,
                     BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK_SIZE)
    mask = offs < n_cols
    x = tl.load(x_ptr + row * x_row_stride + offs, mask=mask, other=0.0)
    mean = tl.sum(x, axis=0) / n_cols
    var = tl.sum(x * x, axis=0) / n_cols - mean * mean
    w = tl.load(w_ptr + offs, mask=mask)
    b = tl.load(b_ptr + offs, mask=mask)
    y = (x - mean) / tl.sqrt(var + eps) * w + b
    tl.store(out_ptr + row * out_row_stride + offs, y, mask=mask)


def solve(x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor, eps: float, out: torch.Tensor) -> None:
    M, N = x.shape
    layernorm_kernel[(M,)](x, weight, bias, out, x.stride(0), out.stride(0), N, eps,
                           BLOCK_SIZE=triton.next_power_of_2(N))
