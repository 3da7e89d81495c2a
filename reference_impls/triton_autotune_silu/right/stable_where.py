# unusual right: three configs (128/512/2048, num_warps 1/4/8), sigmoid written by hand in the overflow-free exp(-|x|) form
import torch
import triton
import triton.language as tl


@triton.autotune(
    configs=[
        triton.Config({"BLOCK_SIZE": 128}, num_warps=1),
        triton.Config({"BLOCK_SIZE": 512}, num_warps=4),
        triton.Config({"BLOCK_SIZE": 2048}, num_warps=8),
    ],
    key=["n"],
)
@triton.jit
def silu_kernel(x_ptr, out_ptr, n, BLOCK_SIZE: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    z = tl.exp(-tl.abs(x))
    sig = tl.where(x >= 0, 1.0 / (1.0 + z), z / (1.0 + z))
    tl.store(out_ptr + offs, x * sig, mask=m)


def solve(x: torch.Tensor, out: torch.Tensor) -> None:
    n = x.numel()

    def grid(meta):
        return (triton.cdiv(n, meta["BLOCK_SIZE"]),)

    silu_kernel[grid](x, out, n)
