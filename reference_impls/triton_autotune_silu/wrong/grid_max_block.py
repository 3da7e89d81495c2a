# grid computed from the largest config's BLOCK_SIZE (1024) instead of the chosen one: with the 256 config only a quarter of out is written
# zh: 网格按最大配置的 BLOCK_SIZE（1024）计算而不是按选中的配置：用 256 的配置时只写了 out 的四分之一
import torch
import triton
import triton.language as tl


@triton.autotune(
    configs=[triton.Config({"BLOCK_SIZE": 256}, num_warps=4), triton.Config({"BLOCK_SIZE": 1024}, num_warps=8)],
    key=["n"],
)
@triton.jit
def silu_kernel(x_ptr, out_ptr, n, BLOCK_SIZE: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x * tl.sigmoid(x), mask=mask)


def solve(x: torch.Tensor, out: torch.Tensor) -> None:
    n = x.numel()
    silu_kernel[(triton.cdiv(n, 1024),)](x, out, n)
