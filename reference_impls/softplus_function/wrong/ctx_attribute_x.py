# stores x as a ctx attribute instead of ctx.save_for_backward: an in-place change to x after forward silently gives a wrong gradient
# zh: 把 x 存成 ctx 的属性而不是用 ctx.save_for_backward：forward 之后对 x 的原地修改会悄悄给出错误的梯度。
import torch


class SoftPlus(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.x = x
        return x.clamp(min=0) + torch.log1p(torch.exp(-x.abs()))

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output * torch.sigmoid(ctx.x)
