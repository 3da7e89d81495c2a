# Takes the gradient mask from the real-valued range (quant_min - z) * s <= x <= (quant_max - z) * s instead of from the rounded q.
# zh: 梯度掩码取自实数范围 (quant_min - z) * s <= x <= (quant_max - z) * s，而不是取整后的 q。
import torch


def solve(x, scale, zero_point, axis, quant_min, quant_max, grad_y):
    shape = [1] * x.dim()
    shape[axis] = -1
    cdt = torch.float64 if x.dtype == torch.float64 else torch.float32
    s = scale.float().view(shape).to(cdt)
    inv = (1.0 / scale.float()).view(shape).to(cdt)
    z = zero_point.view(shape).to(cdt)
    xc = x.to(cdt)
    q = torch.round(xc * inv) + z
    y = ((q.clamp(quant_min, quant_max) - z) * s).to(x.dtype)
    lo = (quant_min - z) * s
    hi = (quant_max - z) * s
    keep = (xc >= lo) & (xc <= hi)
    return y, grad_y * keep.to(grad_y.dtype)
