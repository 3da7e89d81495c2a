# persistent-kernel launch copied from the Triton tutorial: a fixed pool of min(M, 4) programs strides over the rows, so the grid is not M programs, one per row, as the prompt requires
# zh: 照搬 Triton 教程的持久化内核：固定 min(M, 4) 个程序按步长遍历各行，网格不是题目要求的每行一个程序（M 个）。
import torch
import triton
import triton.language as tl

NUM_PROGRAMS = 4


@triton.jit
def softmax_kernel(x_ptr, out_ptr, x_row_stride, out_row_stride, n_cols, n_rows, BLOCK_SIZE: tl.constexpr):
    row_start = tl.program_id(0)
    row_step = tl.num_programs(0)
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < n_cols
    for row in tl.range(row_start, n_rows, row_step):
        x = tl.load(x_ptr + row * x_row_stride + cols, mask=mask, other=-float("inf"))
        x = x - tl.max(x, axis=0)
        num = tl.exp(x)
        den = tl.sum(num, axis=0)
        tl.store(out_ptr + row * out_row_stride + cols, num / den, mask=mask)


def solve(x: torch.Tensor, out: torch.Tensor) -> None:
    M, N = x.shape
    BLOCK_SIZE = triton.next_power_of_2(N)
    grid = (min(M, NUM_PROGRAMS),)
    softmax_kernel[grid](x, out, x.stride(0), out.stride(0), N, M, BLOCK_SIZE=BLOCK_SIZE)
