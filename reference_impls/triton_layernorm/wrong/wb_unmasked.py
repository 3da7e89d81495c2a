# weight and bias loaded without a mask: reads past the end of weight/bias when N is not a power of two (and the store is unmasked too)
# zh: weight 和 bias 不带掩码加载：N 不是 2 的幂时读过 weight/bias 的末尾（写回也没有掩码）
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
    var = tl.sum(d * d, axis=0) / n_cols
    y = d * tl.rsqrt(var + eps)
    w = tl.load(w_ptr + cols)
    b = tl.load(b_ptr + cols)
    tl.store(out_ptr + row * out_row_stride + cols, y * w + b)


def solve(x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor, eps: float, out: torch.Tensor) -> None:
    M, N = x.shape
    layernorm_kernel[(M,)](x, weight, bias, out, x.stride(0), out.stride(0), N, eps,
                           BLOCK_SIZE=triton.next_power_of_2(N))
