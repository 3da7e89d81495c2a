# forward uses the threshold trick (where(x > 20, x, log1p(exp(x)))) but backward writes sigmoid as exp(x)/(1+exp(x)): inf/inf = NaN for large x
# zh: forward 用阈值技巧（where(x > 20, x, log1p(exp(x)))），但 backward 把 sigmoid 写成 exp(x)/(1+exp(x))：x 很大时 inf/inf = NaN。
import torch


class SoftPlus(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.where(x > 20, x, torch.log1p(torch.exp(x)))

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        e = torch.exp(x)
        return grad_output * e / (1 + e)
