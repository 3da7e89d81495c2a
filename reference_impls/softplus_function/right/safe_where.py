# two-branch torch.where (exp only ever sees -|x|); backward via torch.special.expit(x).mul(grad_output)
import torch


class SoftPlus(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        e = torch.exp(-torch.abs(x))                 # in (0, 1]
        return torch.where(x > 0, x + torch.log1p(e), torch.log1p(e))

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return torch.special.expit(x).mul(grad_output)
