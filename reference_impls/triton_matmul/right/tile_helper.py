# Loads both operand tiles through one masked @triton.jit helper and computes the grid from a shared BLOCKS table.
import torch
import triton
import triton.language as tl

BLOCKS = {"BLOCK_M": 32, "BLOCK_N": 16, "BLOCK_K": 64}


@triton.jit
def _tile(ptr, r0, c0, n_rows, n_cols, stride_r, stride_c, R: tl.constexpr, C: tl.constexpr):
    r = r0 + tl.arange(0, R)
    c = c0 + tl.arange(0, C)
    inside = (r[:, None] < n_rows) & (c[None, :] < n_cols)
    return tl.load(ptr + r[:, None] * stride_r + c[None, :] * stride_c, mask=inside, other=0.0)


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                  stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    m0 = tl.program_id(0) * BLOCK_M
    n0 = tl.program_id(1) * BLOCK_N
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        acc += tl.dot(_tile(a_ptr, m0, k0, M, K, stride_am, stride_ak, BLOCK_M, BLOCK_K),
                      _tile(b_ptr, k0, n0, K, N, stride_bk, stride_bn, BLOCK_K, BLOCK_N))
    r = m0 + tl.arange(0, BLOCK_M)
    c = n0 + tl.arange(0, BLOCK_N)
    tl.store(c_ptr + r[:, None] * stride_cm + c[None, :] * stride_cn, acc, mask=(r[:, None] < M) & (c[None, :] < N))


def solve(a: torch.Tensor, b: torch.Tensor, out: torch.Tensor) -> None:
    (M, K), N = a.shape, b.shape[1]
    grid = (triton.cdiv(M, BLOCKS["BLOCK_M"]), triton.cdiv(N, BLOCKS["BLOCK_N"]))
    matmul_kernel[grid](a, b, out, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
                        out.stride(0), out.stride(1), **BLOCKS)
