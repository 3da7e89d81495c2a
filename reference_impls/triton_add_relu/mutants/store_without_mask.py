# Loads are masked but the store is not: the last block writes zeros/sums past the end of out.
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK_SIZE: tl.constexpr):
    offsets = tl.program_id(axis=0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n
    s = tl.load(x_ptr + offsets, mask=mask) + tl.load(y_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, tl.maximum(s, 0.0))


def solve(x, y, out):
    n = out.numel()
    add_relu_kernel[(triton.cdiv(n, 512),)](x, y, out, n, BLOCK_SIZE=512)
