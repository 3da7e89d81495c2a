import math

import torch
import triton
import triton.language as tl


@triton.jit
def flash_attn_kernel(q_ptr, k_ptr, v_ptr, o_ptr, M, N, H, scale,
                      stride_qb, stride_qh, stride_qm, stride_kb, stride_kh, stride_kn,
                      stride_vb, stride_vh, stride_vn, stride_ob, stride_oh, stride_om,
                      CAUSAL: tl.constexpr, HEAD_DIM: tl.constexpr,
                      BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid_m = tl.program_id(axis=0)
    bh = tl.program_id(axis=1)
    b = bh // H
    h = bh % H
    rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    dims = tl.arange(0, HEAD_DIM)
    q = tl.load(q_ptr + b * stride_qb + h * stride_qh + rows[:, None] * stride_qm + dims[None, :],
                mask=rows[:, None] < M, other=0.0)
    # running max, running denominator and unnormalised output of each query row, all float32
    m_i = tl.full((BLOCK_M,), -float("inf"), dtype=tl.float32)
    l_i = tl.zeros((BLOCK_M,), dtype=tl.float32)
    acc = tl.zeros((BLOCK_M, HEAD_DIM), dtype=tl.float32)
    # causal: key blocks wholly right of this query block are all masked, so the loop stops early
    end = tl.minimum(N, (pid_m + 1) * BLOCK_M) if CAUSAL else N
    for n0 in range(0, end, BLOCK_N):
        cols = n0 + tl.arange(0, BLOCK_N)
        k = tl.load(k_ptr + b * stride_kb + h * stride_kh + cols[:, None] * stride_kn + dims[None, :],
                    mask=cols[:, None] < N, other=0.0)
        v = tl.load(v_ptr + b * stride_vb + h * stride_vh + cols[:, None] * stride_vn + dims[None, :],
                    mask=cols[:, None] < N, other=0.0)
        s = tl.dot(q, tl.trans(k), input_precision="ieee") * scale
        keep = cols[None, :] < N  # a key past N would otherwise get weight exp(0 - m)
        if CAUSAL:
            keep = keep & (cols[None, :] <= rows[:, None])
        s = tl.where(keep, s, -float("inf"))
        # every row sees key 0 in the first block, so m_new is finite from the first step on
        m_new = tl.maximum(m_i, tl.max(s, axis=1))
        alpha = tl.exp(m_i - m_new)  # shrinks what was summed under the old max
        p = tl.exp(s - m_new[:, None])
        l_i = l_i * alpha + tl.sum(p, axis=1)
        acc = acc * alpha[:, None] + tl.dot(p.to(v.dtype), v).to(tl.float32)
        m_i = m_new
    out = acc / l_i[:, None]
    tl.store(o_ptr + b * stride_ob + h * stride_oh + rows[:, None] * stride_om + dims[None, :],
             out.to(o_ptr.dtype.element_ty), mask=rows[:, None] < M)


def solve(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, causal: bool, scale: float | None,
          out: torch.Tensor) -> None:
    B, H, M, D = q.shape
    N = k.shape[2]
    sm_scale = 1.0 / math.sqrt(D) if scale is None else scale
    grid = (triton.cdiv(M, 16), B * H)
    flash_attn_kernel[grid](q, k, v, out, M, N, H, sm_scale,
                            q.stride(0), q.stride(1), q.stride(2), k.stride(0), k.stride(1), k.stride(2),
                            v.stride(0), v.stride(1), v.stride(2), out.stride(0), out.stride(1), out.stride(2),
                            CAUSAL=causal, HEAD_DIM=D, BLOCK_M=16, BLOCK_N=16)
