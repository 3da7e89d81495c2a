# unusual right: corrected two-pass variance (sum d^2 - (sum d)^2 / N) / N, weight folded into the scale (d * (w * rstd) + b) with keyword launch and eps passed as keyword
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
    d = tl.where(mask, x - mean, 0.0)
    sd = tl.sum(d, axis=0)
    var = (tl.sum(d * d, axis=0) - sd * sd / n_cols) / n_cols
    var = tl.maximum(var, 0.0)
    rstd = tl.rsqrt(var + eps)
    w = tl.load(w_ptr + cols, mask=mask, other=1.0)
    b = tl.load(b_ptr + cols, mask=mask, other=0.0)
    tl.store(out_ptr + row * out_row_stride + cols, d * (w * rstd) + b, mask=mask)


def solve(x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor, eps: float, out: torch.Tensor) -> None:
    M, N = x.shape
    layernorm_kernel[(M,)](x_ptr=x, w_ptr=weight, b_ptr=bias, out_ptr=out, x_row_stride=x.stride(0),
                           out_row_stride=out.stride(0), n_cols=N, eps=eps,
                           BLOCK_SIZE=triton.next_power_of_2(N))
