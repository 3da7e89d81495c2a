# unusual right: a fixed number of persistent programs, each looping over blocks with a stride of the grid size
import torch
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(0)
    nprog = tl.num_programs(0)
    for start in range(pid * BLOCK_SIZE, n, nprog * BLOCK_SIZE):
        offs = start + tl.arange(0, BLOCK_SIZE)
        m = offs < n
        s = tl.load(x_ptr + offs, mask=m) + tl.load(y_ptr + offs, mask=m)
        tl.store(out_ptr + offs, tl.maximum(s, 0.0), mask=m)


def solve(x: torch.Tensor, y: torch.Tensor, out: torch.Tensor) -> None:
    n = x.numel()
    BLOCK = 128
    nprog = max(1, min(4, triton.cdiv(n, BLOCK)))
    add_relu_kernel[(nprog,)](x, y, out, n, BLOCK_SIZE=BLOCK)
