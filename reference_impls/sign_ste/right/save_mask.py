# Saves only the boolean mask |x| <= 1 (a byte per element) instead of x.
import torch


class SignSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x.abs() <= 1)
        return torch.sign(x)

    @staticmethod
    def backward(ctx, grad_output):
        (inside,) = ctx.saved_tensors
        return grad_output.masked_fill(~inside, 0.0)
