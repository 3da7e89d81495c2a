# flattens with x.view(-1) to apply a boolean-mask formula: fails on non-contiguous inputs (view needs compatible strides)
# zh: 用 x.view(-1) 展平后套用布尔掩码公式：非连续输入时失败（view 需要兼容的步长）。
import torch


class SoftPlus(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        flat = x.view(-1)
        out = torch.empty_like(flat)
        pos = flat > 0
        out[pos] = flat[pos] + torch.log1p(torch.exp(-flat[pos]))
        out[~pos] = torch.log1p(torch.exp(flat[~pos]))
        return out.view(x.shape)

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        return grad_output * torch.sigmoid(x)
