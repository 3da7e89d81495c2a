# Uses exp2 for speed but never folds log2(e) into the scale: a softmax in base 2, i.e. every logit effectively divided by ln 2.
# zh: 为了速度用 exp2，却没有把 log2(e) 乘进 scale：相当于以 2 为底的 softmax，每个 logit 实际上都除以了 ln 2。
import torch
import triton
import triton.language as tl

@triton.jit
def _inner(acc, l_i, m_i, q, k_ptrs, v_ptrs, step_k, step_v, lo, hi, rows, N, qk_scale,
           MASKED: tl.constexpr, CAUSAL: tl.constexpr, BLOCK_N: tl.constexpr):
    k_ptrs += lo * step_k
    v_ptrs += lo * step_v
    for start in range(lo, hi, BLOCK_N):
        cols = start + tl.arange(0, BLOCK_N)
        kt = tl.load(k_ptrs, mask=cols[None, :] < N, other=0.0)  # (D, BLOCK_N): k already transposed
        v = tl.load(v_ptrs, mask=cols[:, None] < N, other=0.0)
        qk = tl.dot(q, kt, input_precision="ieee") * qk_scale  # base-2 logits
        if MASKED:
            ok = cols[None, :] < N
            if CAUSAL:
                ok = ok & (rows[:, None] >= cols[None, :])
            qk = tl.where(ok, qk, -float("inf"))
        m_ij = tl.maximum(m_i, tl.max(qk, 1))
        p = tl.math.exp2(qk - m_ij[:, None])
        alpha = tl.math.exp2(m_i - m_ij)
        l_i = l_i * alpha + tl.sum(p, 1)
        acc = acc * alpha[:, None]
        acc = tl.dot(p.to(v.dtype), v, acc)
        m_i = m_ij
        k_ptrs += BLOCK_N * step_k
        v_ptrs += BLOCK_N * step_v
    return acc, l_i, m_i


@triton.jit
def attn_fwd(Q, K, V, O, qk_scale, M, N, H,
             sqb, sqh, sqm, skb, skh, skn, svb, svh, svn, sob, soh, som,
             CAUSAL: tl.constexpr, D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    bh = tl.program_id(0)
    start_m = tl.program_id(1)
    off_b = bh // H
    off_h = bh - off_b * H
    rows = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    d = tl.arange(0, D)
    n0 = tl.arange(0, BLOCK_N)
    q = tl.load(Q + off_b * sqb + off_h * sqh + rows[:, None] * sqm + d[None, :], mask=rows[:, None] < M, other=0.0)
    k_ptrs = K + off_b * skb + off_h * skh + n0[None, :] * skn + d[:, None]
    v_ptrs = V + off_b * svb + off_h * svh + n0[:, None] * svn + d[None, :]
    m_i = tl.zeros([BLOCK_M], dtype=tl.float32) - float("inf")
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32)
    acc = tl.zeros([BLOCK_M, D], dtype=tl.float32)
    if CAUSAL:
        # whole key blocks left of the query block: every key is visible and in range
        full = (start_m * BLOCK_M) // BLOCK_N * BLOCK_N
        full = tl.minimum(full, N // BLOCK_N * BLOCK_N)
        acc, l_i, m_i = _inner(acc, l_i, m_i, q, k_ptrs, v_ptrs, skn, svn, 0, full, rows, N, qk_scale,
                               False, CAUSAL, BLOCK_N)
        hi = tl.minimum(N, (start_m + 1) * BLOCK_M)
        acc, l_i, m_i = _inner(acc, l_i, m_i, q, k_ptrs, v_ptrs, skn, svn, full, hi, rows, N, qk_scale,
                               True, CAUSAL, BLOCK_N)
    else:
        acc, l_i, m_i = _inner(acc, l_i, m_i, q, k_ptrs, v_ptrs, skn, svn, 0, N, rows, N, qk_scale,
                               True, CAUSAL, BLOCK_N)
    acc = acc / l_i[:, None]
    tl.store(O + off_b * sob + off_h * soh + rows[:, None] * som + d[None, :], acc.to(O.dtype.element_ty),
             mask=rows[:, None] < M)


def solve(q, k, v, causal, scale, out):
    B, H, M, D = q.shape
    N = k.shape[2]
    sm = scale if scale is not None else D ** -0.5
    grid = (B * H, triton.cdiv(M, 32))
    attn_fwd[grid](q, k, v, out, sm, M, N, H,
                   *q.stride()[:3], *k.stride()[:3], *v.stride()[:3], *out.stride()[:3],
                   CAUSAL=bool(causal), D=D, BLOCK_M=32, BLOCK_N=16)

