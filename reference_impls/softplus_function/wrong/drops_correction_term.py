# Treats softplus as x for x >= 0 and log1p(e^x) below: drops the log1p(e^-x) term that matters for small positive x.
import torch


class SoftPlus(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.where(x >= 0, x, torch.log1p(torch.exp(torch.clamp(x, max=0))))

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * torch.sigmoid(x)
