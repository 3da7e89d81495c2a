# zeroes grad_output in place and returns it: mutates the caller's gradient, and when grad_output is expanded (stride 0, e.g. from .sum()) one write zeroes every element
# zh: 原地把 grad_output 置零后返回它：改动了调用者的梯度；grad_output 是 expand 出来的（步长为 0，例如来自 .sum()）时，一次写入会把所有元素置零。
import torch


class SignSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.sign(x)

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        grad_output[x.abs() > 1] = 0
        return grad_output
