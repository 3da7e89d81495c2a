# Computes 1/s and x * inv in float64 for every dtype: a float32 x at an exact half rounds differently from torch's float32 product.
# zh: 对所有 dtype 都用 float64 计算 1/s 和 x * inv：float32 的 x 恰好在 .5 上时，舍入结果与 torch 的 float32 乘积不同。
import torch


def solve(x, scale, zero_point, axis, quant_min, quant_max, grad_y):
    shape = [1] * x.dim()
    shape[axis] = -1
    s = scale.double().view(shape)
    z = zero_point.double().view(shape)
    q = torch.round(x.double() * (1.0 / s)) + z
    y = ((q.clamp(quant_min, quant_max) - z) * s).to(x.dtype)
    keep = (q >= quant_min) & (q <= quant_max)
    return y, grad_y * keep.to(grad_y.dtype)
