# Flattens b with view(), which refuses the transposed (non-contiguous) b of one public case.
# zh: 用 view() 展平 b，而某个公开用例里的 b 经过转置、不连续，view() 直接报错。
def solve(a, b):
    B, n, k = a.shape
    m = b.shape[-1]
    flat = b.view(B, 1, k * m)
    return (a.unsqueeze(-1) * flat.view(B, 1, k, m)).sum(dim=-2)
