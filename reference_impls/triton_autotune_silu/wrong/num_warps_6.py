# a config with num_warps=6 (not a power of 2): passes under the interpreter, rejected by the GPU compiler
# zh: 有一个配置的 num_warps=6（不是 2 的幂）：解释器下能过，GPU 编译器会拒绝
import torch
import triton
import triton.language as tl


@triton.autotune(
    configs=[triton.Config({"BLOCK_SIZE": 256}, num_warps=2), triton.Config({"BLOCK_SIZE": 1024}, num_warps=6)],
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
    silu_kernel[lambda meta: (triton.cdiv(n, meta["BLOCK_SIZE"]),)](x, out, n)
