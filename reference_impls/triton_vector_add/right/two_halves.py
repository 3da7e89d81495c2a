# unusual right: each program handles its block as two half-blocks with separate masks, computing in fp32 then casting back to out's dtype; grid via lambda meta
import torch
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0).to(tl.int64)
    HALF: tl.constexpr = BLOCK_SIZE // 2
    base = pid * BLOCK_SIZE
    for h in tl.static_range(2):
        offs = base + h * HALF + tl.arange(0, HALF)
        m = offs < n
        a = tl.load(x_ptr + offs, mask=m, other=0.0).to(tl.float32)
        b = tl.load(y_ptr + offs, mask=m, other=0.0).to(tl.float32)
        tl.store(out_ptr + offs, (a + b).to(out_ptr.dtype.element_ty), mask=m)


def solve(x: torch.Tensor, y: torch.Tensor, out: torch.Tensor) -> None:
    n = out.numel()
    grid = lambda meta: (triton.cdiv(n, meta["BLOCK_SIZE"]),)
    add_kernel[grid](x, y, out, n, BLOCK_SIZE=128)
