# Reshapes x with view(pre, C, post) like a C kernel: view() raises on a non-contiguous x.
# zh: 像 C 内核那样用 view(pre, C, post) 改变 x 的形状：x 非连续时 view() 报错。
import math
import torch


def solve(x, scale, zero_point, axis, quant_min, quant_max, grad_y):
    cdt = torch.float64 if x.dtype == torch.float64 else torch.float32
    C = x.shape[axis]
    pre = math.prod(x.shape[:axis])
    post = math.prod(x.shape[axis + 1:])
    xv = x.view(pre, C, post).to(cdt)
    gv = grad_y.reshape(pre, C, post)
    inv = (1.0 / scale.float()).to(cdt).view(1, C, 1)
    z = zero_point.to(cdt).view(1, C, 1)
    q = torch.round(xv * inv) + z
    y = (q.clamp(quant_min, quant_max) - z) * scale.float().to(cdt).view(1, C, 1)
    gx = gv * ((q >= quant_min) & (q <= quant_max)).to(gv.dtype)
    return y.to(x.dtype).reshape(x.shape), gx.reshape(x.shape)
