# "derivative of clamp" misread as clamping the gradient: returns grad_output.clamp(-1, 1) instead of masking on |x| <= 1
# zh: 把“clamp 的导数”误解为截断梯度：返回 grad_output.clamp(-1, 1)，而不是按 |x| <= 1 做掩码。
import torch


class SignSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.sign(x)

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output.clamp(-1, 1)
