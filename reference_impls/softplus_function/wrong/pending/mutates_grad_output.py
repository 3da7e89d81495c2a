# Multiplies grad_output in place (mul_) and returns it, overwriting a buffer autograd may share.
import torch


class SoftPlus(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x.clamp(min=0) + torch.log1p(torch.exp(-x.abs()))

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output.mul_(torch.sigmoid(x))
