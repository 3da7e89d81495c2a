# calls torch's own softplus inside forward through a getattr-built name (forbidden however spelled)
# zh: 在 forward 里通过 getattr 拼出的名字调用 torch 自带的 softplus（无论怎么写都是禁止的）。
import torch

_op = getattr(torch.ops.aten, "soft" + "plus")


class SoftPlus(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return _op(x, 1, 20)

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        return grad_output * torch.sigmoid(x)
