# Sigmoid from exp(-|x|) in a @triton.jit helper (never overflows), three configs, and a __main__ self-test.
import torch
import triton
import triton.language as tl


@triton.jit
def _sigmoid(x):
    z = tl.exp(-tl.abs(x))  # in (0, 1]: no overflow on either side
    return tl.where(x >= 0, 1.0 / (1.0 + z), z / (1.0 + z))


@triton.autotune(
    configs=[triton.Config({"BLOCK_SIZE": b}, num_warps=w) for b, w in ((64, 1), (256, 2), (2048, 8))],
    key=["n"],
)
@triton.jit
def silu_kernel(x_ptr, out_ptr, n, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    offs = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    inside = offs < n
    x = tl.load(x_ptr + offs, mask=inside)
    tl.store(out_ptr + offs, x * _sigmoid(x), mask=inside)


def solve(x: torch.Tensor, out: torch.Tensor) -> None:
    n = out.numel()

    def grid(meta):
        return (triton.cdiv(n, meta["BLOCK_SIZE"]),)

    silu_kernel[grid](x, out, n)


if __name__ == "__main__":
    for size in (1, 100, 4097):
        xs = torch.randn(size) * 50
        got = torch.empty_like(xs)
        solve(xs, got)
        torch.testing.assert_close(got, torch.nn.functional.silu(xs))
    print("ok")
