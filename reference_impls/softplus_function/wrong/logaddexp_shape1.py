# logaddexp against torch.zeros(1): stable, but broadcasting turns a 0-dim input into a shape-(1,) output
# zh: 对 torch.zeros(1) 做 logaddexp：数值稳定，但广播把 0 维输入变成了形状 (1,) 的输出。
import torch


class SoftPlus(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.logaddexp(x, torch.zeros(1, dtype=x.dtype, device=x.device))

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        return grad_output * torch.sigmoid(x)
