# Two passes inside one kernel (first the exact row max and denominator over every key block, then the normalised p @ v), key blocks visited last to first, a finite -1e30 start for the max, 1-D grid over (query block, batch*head) pairs
import triton
import triton.language as tl


@triton.jit
def _scores(q, k_base, stride_kn, start, rows, dims, N, scale, CAUSAL: tl.constexpr, BLOCK_N: tl.constexpr):
    cols = start + tl.arange(0, BLOCK_N)
    k = tl.load(k_base + cols[:, None] * stride_kn + dims[None, :], mask=cols[:, None] < N, other=0.0)
    s = tl.dot(q, tl.trans(k), input_precision="ieee") * scale
    valid = (cols[None, :] < N) & (rows[:, None] >= 0)
    if CAUSAL:
        valid = valid & (cols[None, :] <= rows[:, None])
    return tl.where(valid, s, -1.0e30), cols


@triton.jit
def attention_two_pass(q_ptr, k_ptr, v_ptr, o_ptr, M, N, H, n_mblocks, scale,
                       sqb, sqh, sqm, skb, skh, skn, svb, svh, svn, sob, soh, som,
                       CAUSAL: tl.constexpr, D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    mblock = pid % n_mblocks
    bh = pid // n_mblocks
    b = bh // H
    h = bh % H
    rows = mblock * BLOCK_M + tl.arange(0, BLOCK_M)
    dims = tl.arange(0, D)
    q = tl.load(q_ptr + b * sqb + h * sqh + rows[:, None] * sqm + dims[None, :], mask=rows[:, None] < M, other=0.0)
    k_base = k_ptr + b * skb + h * skh
    v_base = v_ptr + b * svb + h * svh
    hi = N
    if CAUSAL:
        hi = tl.minimum(N, (mblock + 1) * BLOCK_M)
    last = (hi - 1) // BLOCK_N * BLOCK_N
    # pass 1: the exact max and denominator of every row
    m = tl.full((BLOCK_M,), -1.0e30, tl.float32)
    den = tl.zeros((BLOCK_M,), tl.float32)
    for i in range(0, tl.cdiv(hi, BLOCK_N)):
        s, cols = _scores(q, k_base, skn, last - i * BLOCK_N, rows, dims, N, scale, CAUSAL, BLOCK_N)
        m_new = tl.maximum(m, tl.max(s, axis=1))
        den = den * tl.exp(m - m_new) + tl.sum(tl.where(s > -1.0e29, tl.exp(s - m_new[:, None]), 0.0), axis=1)
        m = m_new
    inv_l = 1.0 / den
    # pass 2: final probabilities, no rescaling needed
    acc = tl.zeros((BLOCK_M, D), tl.float32)
    for i in range(0, tl.cdiv(hi, BLOCK_N)):
        s, cols = _scores(q, k_base, skn, last - i * BLOCK_N, rows, dims, N, scale, CAUSAL, BLOCK_N)
        p = tl.where(s > -1.0e29, tl.exp(s - m[:, None]), 0.0) * inv_l[:, None]
        v = tl.load(v_base + cols[:, None] * svn + dims[None, :], mask=cols[:, None] < N, other=0.0)
        acc += tl.dot(p.to(v.dtype), v)
    tl.store(o_ptr + b * sob + h * soh + rows[:, None] * som + dims[None, :], acc.to(o_ptr.dtype.element_ty),
             mask=rows[:, None] < M)


def solve(q, k, v, causal, scale, out):
    B, H, M, D = q.shape
    N = k.shape[-2]
    if scale is None:
        scale = 1.0 / D ** 0.5
    n_mblocks = triton.cdiv(M, 16)
    attention_two_pass[(n_mblocks * B * H,)](
        q, k, v, out, M, N, H, n_mblocks, float(scale),
        q.stride(0), q.stride(1), q.stride(2), k.stride(0), k.stride(1), k.stride(2),
        v.stride(0), v.stride(1), v.stride(2), out.stride(0), out.stride(1), out.stride(2),
        CAUSAL=causal, D=D, BLOCK_M=16, BLOCK_N=32)
