# BLOCK_SIZE fixed at 1024 ("big enough"): rows longer than 1024 are truncated, their tail never written and missing from the sum
# zh: BLOCK_SIZE 固定为 1024（以为“够大了”）：超过 1024 的行被截断，尾部既没写回也没计入求和
import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, out_ptr, x_row_stride, out_row_stride, n_cols, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * x_row_stride + cols, mask=mask, other=-float("inf"))
    e = tl.exp(x - tl.max(x, axis=0))
    tl.store(out_ptr + row * out_row_stride + cols, e / tl.sum(e, axis=0), mask=mask)


def solve(x: torch.Tensor, out: torch.Tensor) -> None:
    M, N = x.shape
    softmax_kernel[(M,)](x, out, x.stride(0), out.stride(0), N, BLOCK_SIZE=1024)
