# Parameters cached at module level by shape and refreshed with copy_(), their .grad never reset: a second call with the same shapes returns the sum of both calls' gradients
# zh: 参数按形状缓存在模块级、用 copy_() 刷新，却从不清空 .grad：形状相同的第二次调用返回的是两次调用梯度之和。
import torch
import torch.nn.functional as F
import torch.distributed as dist

_P = {}


class _F(torch.autograd.Function):
    @staticmethod
    def forward(ctx, t):
        return t.clone()

    @staticmethod
    def backward(ctx, g):
        g = g.clone()
        dist.all_reduce(g)
        return g


class _G(torch.autograd.Function):
    @staticmethod
    def forward(ctx, t):
        t = t.clone()
        dist.all_reduce(t)
        return t

    @staticmethod
    def backward(ctx, g):
        return g


def _param(name, value):
    if name not in _P or _P[name].shape != value.shape:
        _P[name] = value.clone().requires_grad_()
    else:
        with torch.no_grad():
            _P[name].copy_(value)
    return _P[name]


def main(spec):
    dist.init_process_group(spec["backend"])
    x = _param("x", spec["x"])
    w1, b1, w2, b2 = (_param(k, spec[k]) for k in ("w1", "b1", "w2", "b2"))
    h = F.gelu(F.linear(_F.apply(x), w1, b1))
    y = _G.apply(F.linear(h, w2)) + b2
    (y * spec["grad_y"]).sum().backward()
    return {"y": y.detach().clone(), "grad_x": x.grad.clone(), "grad_w1": w1.grad.clone(),
            "grad_b1": b1.grad.clone(), "grad_w2": w2.grad.clone(), "grad_b2": b2.grad.clone()}
