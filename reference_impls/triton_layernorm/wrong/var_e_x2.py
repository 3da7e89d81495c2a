# variance as E[x^2] - E[x]^2 (one pass): catastrophic cancellation when the row mean is large relative to its spread
# zh: 方差用一遍公式 E[x^2] - E[x]^2：行均值相对离散程度很大时发生灾难性抵消
import torch
import triton
import triton.language as tl


@triton.jit
def layernorm_kernel(x_ptr, w_ptr, b_ptr, out_ptr, x_row_stride, out_row_stride, n_cols, eps,
                     BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * x_row_stride + cols, mask=mask, other=0.0)
    mean = tl.sum(x, axis=0) / n_cols
    var = tl.sum(x * x, axis=0) / n_cols - mean * mean
    y = (x - mean) / tl.sqrt(var + eps)
    w = tl.load(w_ptr + cols, mask=mask)
    b = tl.load(b_ptr + cols, mask=mask)
    tl.store(out_ptr + row * out_row_stride + cols, y * w + b, mask=mask)


def solve(x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor, eps: float, out: torch.Tensor) -> None:
    M, N = x.shape
    layernorm_kernel[(M,)](x, weight, bias, out, x.stride(0), out.stride(0), N, eps,
                           BLOCK_SIZE=triton.next_power_of_2(N))
