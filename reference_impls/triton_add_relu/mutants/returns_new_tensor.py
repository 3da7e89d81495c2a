# Allocates its own result and returns it: the `out` it was handed is never written.
import torch
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK_SIZE: tl.constexpr):
    offsets = tl.program_id(axis=0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n
    s = tl.load(x_ptr + offsets, mask=mask) + tl.load(y_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, tl.maximum(s, 0.0), mask=mask)


def solve(x, y, out):
    result = torch.empty_like(x)
    n = x.numel()
    add_relu_kernel[(triton.cdiv(n, 512),)](x, y, result, n, BLOCK_SIZE=512)
    return result
