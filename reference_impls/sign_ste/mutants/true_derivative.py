# Uses the true derivative of sign, zero almost everywhere: nothing before this layer ever learns.
import torch


class SignSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return torch.sign(x)

    @staticmethod
    def backward(ctx, grad_output):
        return torch.zeros_like(grad_output)
