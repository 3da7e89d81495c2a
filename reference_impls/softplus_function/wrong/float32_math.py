# Does the math in float32 "for speed" and casts back, so float64 inputs lose precision.
import torch


class SoftPlus(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        x32 = x.float()
        return (x32.clamp(min=0) + torch.log1p(torch.exp(-x32.abs()))).to(x.dtype)

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * torch.sigmoid(x.float()).to(x.dtype)
