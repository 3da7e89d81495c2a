# saves the forward OUTPUT (sign) and masks on it: |sign(x)| <= 1 is always true, so the gradient is never clipped
# zh: 保存前向的输出（sign）并按它做掩码：|sign(x)| <= 1 永远成立，梯度从不被截断。
import torch


class SignSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        out = torch.sign(x)
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx, grad_output):
        s, = ctx.saved_tensors
        return grad_output * (s.abs() <= 1).to(grad_output.dtype)
