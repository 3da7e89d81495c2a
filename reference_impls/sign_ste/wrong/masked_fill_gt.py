# zeroes where |x| > 1 with masked_fill: NaN inputs (|NaN| <= 1 is False) wrongly keep their gradient
# zh: 用 masked_fill 在 |x| > 1 处置零：NaN 输入（|NaN| <= 1 不成立）错误地保留了梯度。
import torch


class SignSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.sign(x)

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        return grad_output.masked_fill(x.abs() > 1, 0.0)
