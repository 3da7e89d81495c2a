# Row statistics in a @triton.jit helper, tl.rsqrt, and a __main__ self-test against the written-out formula.
import torch
import triton
import triton.language as tl


@triton.jit
def _mean_rstd(x, mask, n, eps):
    mean = tl.sum(x, axis=0) / n
    centered = tl.where(mask, x - mean, 0.0)
    return mean, tl.rsqrt(tl.sum(centered * centered, axis=0) / n + eps)


@triton.jit
def layernorm_kernel(x_ptr, w_ptr, b_ptr, out_ptr, x_row_stride, out_row_stride, n_cols, eps,
                     BLOCK_SIZE: tl.constexpr):
    r = tl.program_id(0)
    c = tl.arange(0, BLOCK_SIZE)
    ok = c < n_cols
    x = tl.load(x_ptr + r * x_row_stride + c, mask=ok, other=0.0)
    mean, rstd = _mean_rstd(x, ok, n_cols, eps)
    y = (x - mean) * rstd * tl.load(w_ptr + c, mask=ok, other=1.0) + tl.load(b_ptr + c, mask=ok, other=0.0)
    tl.store(out_ptr + r * out_row_stride + c, y, mask=ok)


def solve(x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor, eps: float, out: torch.Tensor) -> None:
    rows, width = x.shape
    block = triton.next_power_of_2(width)
    layernorm_kernel[(rows,)](x, weight, bias, out, x.stride(0), out.stride(0), width, eps, BLOCK_SIZE=block)


if __name__ == "__main__":
    xs, ws, bs = torch.randn(5, 300) + 10, torch.randn(300), torch.randn(300)
    got = torch.empty_like(xs)
    solve(xs, ws, bs, 1e-5, got)
    mu, var = xs.mean(1, keepdim=True), xs.var(1, unbiased=False, keepdim=True)
    torch.testing.assert_close(got, (xs - mu) / torch.sqrt(var + 1e-5) * ws + bs, rtol=1e-4, atol=1e-4)
    print("ok")
