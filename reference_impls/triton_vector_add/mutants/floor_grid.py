# The grid is n // BLOCK_SIZE programs: the tail of a length that is not a multiple is never written.
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK_SIZE: tl.constexpr):
    offsets = tl.program_id(axis=0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n
    tl.store(out_ptr + offsets, tl.load(x_ptr + offsets, mask=mask) + tl.load(y_ptr + offsets, mask=mask), mask=mask)


def solve(x, y, out):
    n = out.numel()
    add_kernel[(max(1, n // 1024),)](x, y, out, n, BLOCK_SIZE=1024)
