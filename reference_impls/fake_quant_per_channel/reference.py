import torch


def solve(x, scale, zero_point, axis, quant_min, quant_max, grad_y):
    # scale and zero_point, one per slice along `axis`, shaped to broadcast against x
    shape = [1] * x.dim()
    shape[axis] = x.shape[axis]
    scale = scale.reshape(shape)
    zp = zero_point.reshape(shape).to(torch.int64)
    inv_scale = 1.0 / scale  # in float32, as torch's kernel computes it
    # float64 x is multiplied in float64, every other dtype in float32
    work = torch.float64 if x.dtype == torch.float64 else torch.float32
    # torch.round rounds half to even, as std::nearbyint does in torch's kernel
    q = torch.round(x.to(work) * inv_scale.to(work)).to(torch.int64) + zp
    # straight-through estimator: gradient 1 where the unclamped q is inside the range, 0 outside
    inside = (q >= quant_min) & (q <= quant_max)
    y = (q.clamp(quant_min, quant_max) - zp).to(work) * scale.to(work)
    grad_x = torch.where(inside, grad_y, torch.zeros_like(grad_y))
    return y.to(x.dtype), grad_x
