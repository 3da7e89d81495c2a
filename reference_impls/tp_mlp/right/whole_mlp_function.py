# the whole sharded MLP is ONE autograd.Function with a hand-written backward (exact erf-GELU derivative); its forward holds the forward all_reduce and its backward the backward all_reduce
import math
import os
import torch
import torch.distributed as dist


def _gelu_and_grad(u):
    cdf = 0.5 * (1.0 + torch.erf(u / math.sqrt(2.0)))
    pdf = torch.exp(-0.5 * u * u) / math.sqrt(2.0 * math.pi)
    return u * cdf, cdf + u * pdf


class ShardedMLP(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, w1, b1, w2, b2):
        u = torch.addmm(b1, x, w1.t())
        a, da = _gelu_and_grad(u)
        y = a.matmul(w2.t()).contiguous()
        dist.all_reduce(y, op=dist.ReduceOp.SUM)
        y = y + b2
        ctx.save_for_backward(x, w1, w2, a, da)
        return y

    @staticmethod
    def backward(ctx, gy):
        x, w1, w2, a, da = ctx.saved_tensors
        gy = gy.contiguous()
        g_w2 = gy.t().matmul(a)
        g_b2 = gy.sum(dim=0)
        g_u = gy.matmul(w2) * da
        g_w1 = g_u.t().matmul(x)
        g_b1 = g_u.sum(dim=0)
        g_x = g_u.matmul(w1).contiguous()
        dist.all_reduce(g_x, op=dist.ReduceOp.SUM)
        return g_x, g_w1, g_b1, g_w2, g_b2


def main(spec):
    dist.init_process_group(backend=spec["backend"])
    dev = torch.device("cuda", int(os.environ["LOCAL_RANK"])) if spec["backend"] == "nccl" else torch.device("cpu")
    leaves = [spec[k].to(dev).detach().clone().requires_grad_() for k in ("x", "w1", "b1", "w2", "b2")]
    y = ShardedMLP.apply(*leaves)
    loss = (y * spec["grad_y"].to(dev)).sum()
    loss.backward()
    x, w1, b1, w2, b2 = leaves
    return dict(y=y.detach(), grad_x=x.grad, grad_w1=w1.grad, grad_b1=b1.grad,
                grad_w2=w2.grad, grad_b2=b2.grad)
