# masked lanes are 0 in x but x - mean is -mean there: the padding lanes add (BLOCK-N)*mean^2 to the variance
# zh: 被掩掉的位置 x 取 0，但 x - mean 在那里是 -mean：补齐的位置给方差多加了 (BLOCK-N)*mean^2
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
    d = x - mean
    var = tl.sum(d * d, axis=0) / n_cols
    y = d / tl.sqrt(var + eps)
    w = tl.load(w_ptr + cols, mask=mask)
    b = tl.load(b_ptr + cols, mask=mask)
    tl.store(out_ptr + row * out_row_stride + cols, y * w + b, mask=mask)


def solve(x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor, eps: float, out: torch.Tensor) -> None:
    M, N = x.shape
    layernorm_kernel[(M,)](x, weight, bias, out, x.stride(0), out.stride(0), N, eps,
                           BLOCK_SIZE=triton.next_power_of_2(N))
