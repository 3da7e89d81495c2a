# softplus(x) = log(e^x + e^0), so torch.logaddexp(x, 0) is stable by construction; expit is sigmoid.
import torch


class SoftPlus(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.logaddexp(x, torch.zeros_like(x))

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * torch.special.expit(x)
