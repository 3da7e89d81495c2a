# Autotunes num_stages with one BLOCK_SIZE=512 in both configs, so the launcher's fixed grid never breaks.
import torch
import triton
import triton.language as tl

BLOCK = 512


@triton.autotune(configs=[triton.Config({"BLOCK_SIZE": BLOCK}, num_stages=2),
                          triton.Config({"BLOCK_SIZE": BLOCK}, num_stages=4)], key=["n"])
@triton.jit
def silu_kernel(x_ptr, out_ptr, n, BLOCK_SIZE: tl.constexpr):
    i = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    x = tl.load(x_ptr + i, mask=i < n)
    tl.store(out_ptr + i, x / (1.0 + tl.exp(-x)), mask=i < n)


def solve(x: torch.Tensor, out: torch.Tensor) -> None:
    n = x.numel()
    silu_kernel[(triton.cdiv(n, BLOCK),)](x, out, n)
