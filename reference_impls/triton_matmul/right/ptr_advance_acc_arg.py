# unusual right: pointer-advance loop (a_ptrs += BLOCK_K * stride_ak), K mask from the remaining count, tl.dot(a, b, acc) accumulate form, non-square 16x64x32 tiles, int64 offsets
import torch
import triton
import triton.language as tl


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                  stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0).to(tl.int64)
    pid_n = tl.program_id(1).to(tl.int64)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + rm[:, None] * stride_am + rk[None, :] * stride_ak
    b_ptrs = b_ptr + rk[:, None] * stride_bk + rn[None, :] * stride_bn
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        rem = K - k * BLOCK_K
        a = tl.load(a_ptrs, mask=(rm[:, None] < M) & (rk[None, :] < rem), other=0.0)
        b = tl.load(b_ptrs, mask=(rk[:, None] < rem) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :] * stride_cn, acc,
             mask=(rm[:, None] < M) & (rn[None, :] < N))


def solve(a: torch.Tensor, b: torch.Tensor, out: torch.Tensor) -> None:
    M, K = a.shape
    _, N = b.shape
    BM, BN, BK = 16, 64, 32
    matmul_kernel[(triton.cdiv(M, BM), triton.cdiv(N, BN))](
        a, b, out, M, N, K, *a.stride(), *b.stride(), *out.stride(), BLOCK_M=BM, BLOCK_N=BN, BLOCK_K=BK)
