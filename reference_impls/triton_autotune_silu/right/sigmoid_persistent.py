# unusual right: configs differ in BLOCK_SIZE and num_stages; each program loops over 4 consecutive blocks (grid = cdiv(n, 4*BLOCK)); uses tl.sigmoid
import torch
import triton
import triton.language as tl


@triton.autotune(
    configs=[triton.Config({"BLOCK_SIZE": 256}, num_warps=2, num_stages=1),
             triton.Config({"BLOCK_SIZE": 1024}, num_warps=4, num_stages=2)],
    key=["n"],
)
@triton.jit
def silu_kernel(x_ptr, out_ptr, n, BLOCK_SIZE: tl.constexpr):
    base = tl.program_id(0) * (4 * BLOCK_SIZE)
    for i in tl.static_range(4):
        offs = base + i * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
        m = offs < n
        x = tl.load(x_ptr + offs, mask=m)
        tl.store(out_ptr + offs, x * tl.sigmoid(x), mask=m)


def solve(x: torch.Tensor, out: torch.Tensor) -> None:
    n = x.shape[0]
    silu_kernel[lambda meta: (triton.cdiv(n, 4 * meta["BLOCK_SIZE"]),)](x, out, n)
