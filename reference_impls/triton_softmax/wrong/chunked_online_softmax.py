# online softmax over 128-column chunks (running max and rescaled sum): numerically fine, but the row is not loaded whole with BLOCK_SIZE = next_power_of_2(N) as the prompt requires
# zh: 按 128 列分块做在线 softmax：数值没问题，但没有按题目要求以 BLOCK_SIZE = next_power_of_2(N) 整行载入。
import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, out_ptr, x_row_stride, out_row_stride, n_cols, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    x_row = x_ptr + row * x_row_stride
    o_row = out_ptr + row * out_row_stride
    m = -float("inf")
    s = 0.0
    for start in range(0, n_cols, BLOCK_SIZE):
        cols = start + tl.arange(0, BLOCK_SIZE)
        x = tl.load(x_row + cols, mask=cols < n_cols, other=-float("inf"))
        m_new = tl.maximum(m, tl.max(x, axis=0))
        s = s * tl.exp(m - m_new) + tl.sum(tl.exp(x - m_new), axis=0)
        m = m_new
    for start in range(0, n_cols, BLOCK_SIZE):
        cols = start + tl.arange(0, BLOCK_SIZE)
        x = tl.load(x_row + cols, mask=cols < n_cols, other=-float("inf"))
        tl.store(o_row + cols, tl.exp(x - m) / s, mask=cols < n_cols)


def solve(x: torch.Tensor, out: torch.Tensor) -> None:
    M, N = x.shape
    softmax_kernel[(M,)](x, out, x.stride(0), out.stride(0), N, BLOCK_SIZE=128)
