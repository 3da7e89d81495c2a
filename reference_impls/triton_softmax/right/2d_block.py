# unusual right: loads the row as a (1, BLOCK) 2-D tile using both strides of x and out (column stride too), reciprocal-multiply normalisation
import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, out_ptr, x_row_stride, out_row_stride, n_cols, x_col_stride, out_col_stride,
                   BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    r = tl.full((1, 1), 0, tl.int32) + row
    c = tl.arange(0, BLOCK_SIZE)[None, :]
    mask = c < n_cols
    x = tl.load(x_ptr + r * x_row_stride + c * x_col_stride, mask=mask, other=-float("inf"))
    mx = tl.max(x, axis=1)[:, None]
    e = tl.exp(x - mx)
    inv = 1.0 / tl.sum(e, axis=1)[:, None]
    tl.store(out_ptr + r * out_row_stride + c * out_col_stride, e * inv, mask=mask)


def solve(x: torch.Tensor, out: torch.Tensor) -> None:
    M, N = x.shape
    softmax_kernel[(M,)](x, out, x.stride(0), out.stride(0), N, x.stride(1), out.stride(1),
                         BLOCK_SIZE=triton.next_power_of_2(N))
