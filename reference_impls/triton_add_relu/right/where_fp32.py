# unusual right: upcasts to fp32 in registers, clamps with tl.where, casts to out's element type; grid as lambda meta
import torch
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK_SIZE: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    m = offs < n
    s = tl.load(x_ptr + offs, mask=m, other=0.0).to(tl.float32) + tl.load(y_ptr + offs, mask=m, other=0.0).to(tl.float32)
    r = tl.where(s > 0, s, 0.0)
    tl.store(out_ptr + offs, r.to(out_ptr.dtype.element_ty), mask=m)


def solve(x: torch.Tensor, y: torch.Tensor, out: torch.Tensor) -> None:
    n = x.numel()
    add_relu_kernel[lambda meta: (triton.cdiv(n, meta["BLOCK_SIZE"]),)](x, y, out, n, BLOCK_SIZE=256)
