# masked lanes loaded with other=0.0, so the padding lanes join the max and the sum (exp(0 - max)): wrong whenever N is not a power of two, NaN/inf on negative rows
# zh: 被掩掉的位置以 other=0.0 加载，填充位置参与了最大值和求和（exp(0 - max)）：N 不是 2 的幂时就错，行全为负时出现 NaN/inf
import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, out_ptr, x_row_stride, out_row_stride, n_cols, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * x_row_stride + cols, mask=mask, other=0.0)
    z = x - tl.max(x, axis=0)
    e = tl.exp(z)
    tl.store(out_ptr + row * out_row_stride + cols, e / tl.sum(e, axis=0), mask=mask)


def solve(x: torch.Tensor, out: torch.Tensor) -> None:
    M, N = x.shape
    softmax_kernel[(M,)](x, out, x.stride(0), out.stride(0), N, BLOCK_SIZE=triton.next_power_of_2(N))
