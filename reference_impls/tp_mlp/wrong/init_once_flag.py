# A module-level flag initialises the group only on the first call: a second call of main, after the group was destroyed, finds none
# zh: 用模块级标志只在第一次调用时初始化进程组：进程组被销毁后再次调用 main 时就没有进程组了。
import torch
import torch.distributed as dist
import torch.nn.functional as F

_READY = False


class _Sum(torch.autograd.Function):
    @staticmethod
    def forward(ctx, t):
        t = t.clone()
        dist.all_reduce(t)
        return t

    @staticmethod
    def backward(ctx, g):
        return g


class _Copy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, t):
        return t.view_as(t)

    @staticmethod
    def backward(ctx, g):
        g = g.clone()
        dist.all_reduce(g)
        return g


def main(spec):
    global _READY
    if not _READY:
        dist.init_process_group(spec["backend"])
        _READY = True
    x = spec["x"].clone().requires_grad_(True)
    w1, b1, w2 = (spec[k].clone().requires_grad_(True) for k in ("w1", "b1", "w2"))
    b2 = spec["b2"].clone().requires_grad_(True)
    y = _Sum.apply(F.linear(F.gelu(F.linear(_Copy.apply(x), w1, b1)), w2)) + b2
    (y * spec["grad_y"]).sum().backward()
    return {"y": y.detach(), "grad_x": x.grad, "grad_w1": w1.grad, "grad_b1": b1.grad, "grad_w2": w2.grad,
            "grad_b2": b2.grad}
