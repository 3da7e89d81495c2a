# the row is handled as a (1, BLOCK_SIZE) 2-D tile; max and sum use tl.reduce with hand-written @triton.jit combine functions; padded lanes loaded as 0 then replaced by -inf with tl.where; pointers offset in int64
import torch
import triton
import triton.language as tl


@triton.jit
def _max_combine(a, b):
    return tl.maximum(a, b)


@triton.jit
def _add_combine(a, b):
    return a + b


@triton.jit
def softmax_kernel(x_ptr, out_ptr, x_row_stride, out_row_stride, n_cols, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    cols = tl.arange(0, BLOCK_SIZE)[None, :]            # (1, BLOCK_SIZE)
    inside = cols < n_cols
    v = tl.load(x_ptr + row * x_row_stride + cols, mask=inside, other=0.0)
    v = tl.where(inside, v, float("-inf"))
    m = tl.reduce(v, 1, _max_combine, keep_dims=True)   # (1, 1)
    e = tl.exp(v - m)
    s = tl.reduce(e, 1, _add_combine, keep_dims=True)
    tl.store(out_ptr + row * out_row_stride + cols, e / s, mask=inside)


def solve(x: torch.Tensor, out: torch.Tensor) -> None:
    (xs, _), (os_, _) = x.stride(), out.stride()
    m, n = x.shape
    softmax_kernel[(m,)](x, out, xs, os_, n, BLOCK_SIZE=triton.next_power_of_2(n))
