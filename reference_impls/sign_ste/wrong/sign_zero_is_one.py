# binarises with where(x >= 0, 1, -1): sign(0) becomes +1 instead of torch.sign's 0
# zh: 用 where(x >= 0, 1, -1) 二值化：sign(0) 变成 +1，而 torch.sign 给出 0。
import torch


class SignSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.where(x >= 0, torch.ones_like(x), -torch.ones_like(x))

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        return grad_output * (x.abs() <= 1).to(grad_output.dtype)
