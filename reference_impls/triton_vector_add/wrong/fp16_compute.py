# casts both operands to float16 inside the kernel "to save bandwidth": float32 inputs lose precision/overflow
# zh: 为了“省带宽”在 kernel 里把两个操作数都转成 float16：float32 输入丢精度或溢出
import torch
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask).to(tl.float16)
    y = tl.load(y_ptr + offs, mask=mask).to(tl.float16)
    tl.store(out_ptr + offs, x + y, mask=mask)


def solve(x: torch.Tensor, y: torch.Tensor, out: torch.Tensor) -> None:
    n = x.numel()
    BLOCK = 1024
    add_kernel[(triton.cdiv(n, BLOCK),)](x, y, out, n, BLOCK_SIZE=BLOCK)
