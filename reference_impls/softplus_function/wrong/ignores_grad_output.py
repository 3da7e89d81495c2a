# backward returns sigmoid(x) alone, dropping grad_output (passes a .sum().backward() sanity test)
# zh: backward 只返回 sigmoid(x)，丢掉了 grad_output（能通过 .sum().backward() 的简单检查）。
import torch


class SoftPlus(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x.clamp(min=0) + torch.log1p(torch.exp(-x.abs()))

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        return torch.sigmoid(x)
