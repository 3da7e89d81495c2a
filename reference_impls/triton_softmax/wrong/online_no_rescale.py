# Online softmax over 128-wide chunks that forgets to rescale the running sum when a later chunk raises the max.
# zh: 按 128 宽的块做在线 softmax，但后面的块抬高了最大值时忘了重新缩放累计的和。
import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, out_ptr, x_row_stride, out_row_stride, n_cols, BLOCK_SIZE: tl.constexpr):
    x_row = x_ptr + tl.program_id(0) * x_row_stride
    out_row = out_ptr + tl.program_id(0) * out_row_stride
    m = -float("inf")
    s = 0.0
    for start in range(0, n_cols, BLOCK_SIZE):
        cols = start + tl.arange(0, BLOCK_SIZE)
        v = tl.load(x_row + cols, mask=cols < n_cols, other=-float("inf"))
        m = tl.maximum(m, tl.max(v, axis=0))
        s += tl.sum(tl.exp(v - m), axis=0)
    for start in range(0, n_cols, BLOCK_SIZE):
        cols = start + tl.arange(0, BLOCK_SIZE)
        v = tl.load(x_row + cols, mask=cols < n_cols, other=-float("inf"))
        tl.store(out_row + cols, tl.exp(v - m) / s, mask=cols < n_cols)


def solve(x: torch.Tensor, out: torch.Tensor) -> None:
    softmax_kernel[(x.shape[0],)](x, out, x.stride(0), out.stride(0), x.shape[1], BLOCK_SIZE=128)
