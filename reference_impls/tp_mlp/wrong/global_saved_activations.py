# A hand-written backward keeps its tensors in a module-level list instead of ctx: every later call reads the first call's activations
# zh: 手写的 backward 把张量存在模块级列表而不是 ctx 里：之后每次调用读到的都是第一次调用的激活值。
import torch
import torch.distributed as dist

_SAVED = []


class TPMLP(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, w1, b1, w2, b2):
        a = x @ w1.T + b1
        h = torch.nn.functional.gelu(a)
        y = h @ w2.T
        dist.all_reduce(y)
        _SAVED.append((x, w1, w2, a, h))
        return y + b2

    @staticmethod
    def backward(ctx, gy):
        x, w1, w2, a, h = _SAVED[0]
        gw2 = gy.T @ h
        gh = gy @ w2
        cdf = 0.5 * (1 + torch.erf(a / 2 ** 0.5))
        pdf = torch.exp(-0.5 * a * a) / (2 * torch.pi) ** 0.5
        ga = gh * (cdf + a * pdf)
        gx = ga @ w1
        dist.all_reduce(gx)
        return gx, ga.T @ x, ga.sum(0), gw2, gy.sum(0)


def main(spec):
    dist.init_process_group(spec["backend"])
    x = spec["x"].clone().requires_grad_(True)
    w1, b1, w2, b2 = (spec[k].clone().requires_grad_(True) for k in ("w1", "b1", "w2", "b2"))
    y = TPMLP.apply(x, w1, b1, w2, b2)
    (y * spec["grad_y"]).sum().backward()
    return {"y": y.detach(), "grad_x": x.grad, "grad_w1": w1.grad, "grad_b1": b1.grad, "grad_w2": w2.grad,
            "grad_b2": b2.grad}
