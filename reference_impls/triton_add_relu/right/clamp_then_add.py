# max(x + y, 0) rewritten as max(x, -y) + y, launched with a grid lambda over meta: exact, since the result is either the rounded x + y or exactly 0.
import torch
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK_SIZE: tl.constexpr):
    base = tl.program_id(0).to(tl.int64) * BLOCK_SIZE
    offs = base + tl.arange(0, BLOCK_SIZE)
    inb = offs < n
    a = tl.load(x_ptr + offs, mask=inb, other=0.0)
    b = tl.load(y_ptr + offs, mask=inb, other=0.0)
    r = tl.maximum(a, -b) + b
    tl.store(out_ptr + offs, r, mask=inb)


def solve(x: torch.Tensor, y: torch.Tensor, out: torch.Tensor) -> None:
    n = out.shape[0]
    grid = lambda meta: (triton.cdiv(n, meta["BLOCK_SIZE"]),)
    add_relu_kernel[grid](x, y, out, n, BLOCK_SIZE=512)
