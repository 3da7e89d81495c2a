# grid from the smallest BLOCK (over-launch, 'safe') but no mask in the kernel: with the 1024 config extra programs write far past out
# zh: 网格按最小的 BLOCK 计算（多启动也算“安全”），但 kernel 里没有掩码：用 1024 的配置时多出来的程序会写到 out 之外很远
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
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr + offs, x * tl.sigmoid(x))


def solve(x: torch.Tensor, out: torch.Tensor) -> None:
    n = x.numel()
    silu_kernel[lambda meta: (triton.cdiv(n, meta["BLOCK_SIZE"]),)](x, out, n)
