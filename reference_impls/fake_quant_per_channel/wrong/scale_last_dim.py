# Broadcasts scale and zero_point along the last dim whatever axis says (right only when axis is the last dim).
# zh: 不管 axis 是多少，都沿最后一维广播 scale 和 zero_point（只有 axis 恰好是最后一维时才对）。
import torch


def solve(x, scale, zero_point, axis, quant_min, quant_max, grad_y):
    work = torch.float64 if x.dtype == torch.float64 else torch.float32
    inv = (1.0 / scale).to(work)
    q = torch.round(x.to(work) * inv).to(torch.int64) + zero_point.to(torch.int64)
    keep = (q >= quant_min) & (q <= quant_max)
    y = (q.clamp(quant_min, quant_max) - zero_point.to(torch.int64)).to(work) * scale.to(work)
    return y.to(x.dtype), grad_y * keep
