# Clips with the saved output: |sign(x)| <= 1 always holds, so the gradient is never clipped.
import torch


class SignSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        y = torch.sign(x)
        ctx.save_for_backward(y)
        return y

    @staticmethod
    def backward(ctx, grad_output):
        (y,) = ctx.saved_tensors
        return grad_output * (y.abs() <= 1).to(grad_output.dtype)
