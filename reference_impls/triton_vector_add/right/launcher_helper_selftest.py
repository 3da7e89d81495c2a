# Block size picked by a helper from n (up to 4096), and a __main__ self-test over awkward lengths.
import torch
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK_SIZE: tl.constexpr):
    start = tl.program_id(axis=0) * BLOCK_SIZE
    offsets = start + tl.arange(0, BLOCK_SIZE)
    in_range = offsets < n
    a = tl.load(x_ptr + offsets, mask=in_range, other=0.0)
    b = tl.load(y_ptr + offsets, mask=in_range, other=0.0)
    tl.store(out_ptr + offsets, a + b, mask=in_range)


def _block_for(n: int) -> int:
    return min(4096, max(16, triton.next_power_of_2(n)))


def solve(x: torch.Tensor, y: torch.Tensor, out: torch.Tensor) -> None:
    n = out.numel()
    block = _block_for(n)
    add_kernel[(triton.cdiv(n, block),)](x, y, out, n, BLOCK_SIZE=block)


if __name__ == "__main__":
    for size in (0, 1, 17, 4097, 10000):
        a, b = torch.randn(size), torch.randn(size)
        got = torch.empty(size)
        solve(a, b, got)
        assert torch.equal(got, a + b), size
    print("ok")
