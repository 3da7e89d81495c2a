# Saves the output y and gets the gradient as 1 - exp(-y) (sigmoid(x) = 1 - e^-softplus(x)), via expm1.
import torch


def _softplus(x: torch.Tensor) -> torch.Tensor:
    return torch.relu(x) + torch.log1p(torch.exp(-x.abs()))


class SoftPlus(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        y = _softplus(x)
        ctx.save_for_backward(y)
        return y

    @staticmethod
    def backward(ctx, grad_output):
        (y,) = ctx.saved_tensors
        return grad_output * -torch.expm1(-y)
