# backward differentiates F.hardtanh with autograd: torch's hardtanh gradient excludes the boundary |x| = 1 (and lets NaN through)
# zh: backward 用 autograd 对 F.hardtanh 求导：torch 的 hardtanh 梯度不含边界 |x| = 1（而且让 NaN 的梯度通过）。
import torch
import torch.nn.functional as F


class SignSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.sign(x)

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        with torch.enable_grad():
            xx = x.detach().requires_grad_()
            g, = torch.autograd.grad(F.hardtanh(xx), xx, grad_output)
        return g
