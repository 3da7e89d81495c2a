# textbook formula log1p(exp(x)): exp overflows to inf for x > ~88 (float32) / ~709 (float64)
# zh: 教科书公式 log1p(exp(x))：x 超过约 88（float32）或约 709（float64）时 exp 溢出为 inf。
import torch


class SoftPlus(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.log1p(torch.exp(x))

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        return grad_output * torch.sigmoid(x)
