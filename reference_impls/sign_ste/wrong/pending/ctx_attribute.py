# Keeps x as ctx.x instead of save_for_backward: no version check, and the tensor outlives the graph.
import torch


class SignSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.x = x
        return torch.sign(x)

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output * (ctx.x.abs() <= 1).to(grad_output.dtype)
