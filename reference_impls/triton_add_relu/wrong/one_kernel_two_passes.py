# One kernel with a RELU flag, launched twice: first it stores x + y, then it reloads out and clamps it.
# zh: 一个带 RELU 标志的 kernel 启动了两次：第一次写入 x + y，第二次重新读出 out 再做截断。
import torch
import triton
import triton.language as tl


@triton.jit
def kernel(a_ptr, b_ptr, out_ptr, n, RELU: tl.constexpr, BLOCK: tl.constexpr):
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = i < n
    if RELU:
        v = tl.load(out_ptr + i, mask=m)
        tl.store(out_ptr + i, tl.where(v > 0, v, 0.0), mask=m)
    else:
        tl.store(out_ptr + i, tl.load(a_ptr + i, mask=m) + tl.load(b_ptr + i, mask=m), mask=m)


def solve(x: torch.Tensor, y: torch.Tensor, out: torch.Tensor) -> None:
    n = out.numel()
    grid = (triton.cdiv(n, 256),)
    kernel[grid](x, y, out, n, RELU=False, BLOCK=256)
    kernel[grid](x, y, out, n, RELU=True, BLOCK=256)
