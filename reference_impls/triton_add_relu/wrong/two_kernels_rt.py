# not fused: one kernel writes x + y into out, a second kernel applies relu to out - the sum goes through memory
# zh: 没有融合：一个 kernel 把 x + y 写进 out，第二个 kernel 再对 out 做 relu，和要经过一次显存
import torch
import triton
import triton.language as tl


@triton.jit
def _add(x_ptr, y_ptr, out_ptr, n, BLOCK_SIZE: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    m = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=m) + tl.load(y_ptr + offs, mask=m), mask=m)


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK_SIZE: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    m = offs < n
    tl.store(out_ptr + offs, tl.maximum(tl.load(out_ptr + offs, mask=m), 0.0), mask=m)


def solve(x: torch.Tensor, y: torch.Tensor, out: torch.Tensor) -> None:
    n = x.numel()
    grid = (triton.cdiv(n, 1024),)
    _add[grid](x, y, out, n, BLOCK_SIZE=1024)
    add_relu_kernel[grid](x, y, out, n, BLOCK_SIZE=1024)
