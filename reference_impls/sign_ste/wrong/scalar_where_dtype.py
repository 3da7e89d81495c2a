# sign spelled with nested torch.where on Python scalars: result is always float32 (wrong dtype for float64/float16/bfloat16 x)
# zh: 用嵌套的 torch.where 和 Python 标量实现 sign：结果总是 float32（x 为 float64/float16/bfloat16 时 dtype 错误）。
import torch


class SignSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.where(x > 0, 1.0, torch.where(x < 0, -1.0, 0.0))

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        return torch.where(x.abs() <= 1, grad_output, torch.zeros_like(grad_output))
