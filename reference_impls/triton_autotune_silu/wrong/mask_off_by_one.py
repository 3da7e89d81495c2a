# Masks with offs <= n instead of offs < n, so the last block stores one element past the end of out.
import torch
import triton
import triton.language as tl


@triton.autotune(
    configs=[triton.Config({"BLOCK_SIZE": 256}, num_warps=2), triton.Config({"BLOCK_SIZE": 1024}, num_warps=4)],
    key=["n"],
)
@triton.jit
def silu_kernel(x_ptr, out_ptr, n, BLOCK_SIZE: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs <= n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(out_ptr + offs, x * tl.sigmoid(x), mask=mask)


def solve(x: torch.Tensor, out: torch.Tensor) -> None:
    n = x.numel()
    silu_kernel[lambda meta: (triton.cdiv(n, meta["BLOCK_SIZE"]),)](x, out, n)
