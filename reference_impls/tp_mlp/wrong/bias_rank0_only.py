# Megatron trick "add b2 on rank 0 only, before the all_reduce": y is right everywhere but b2 gets no gradient on rank 1 (grad_b2 = zeros there)
# zh: 只在 rank 0 的 all_reduce 之前加 b2：y 处处正确，但 rank 1 上 b2 的梯度全为零
import os
import torch
import torch.distributed as dist
import torch.nn.functional as F


class _Identity_AllReduceBwd(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x.view_as(x)

    @staticmethod
    def backward(ctx, g):
        g = g.clone()
        dist.all_reduce(g)
        return g


class _AllReduce_IdentityBwd(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        out = x.clone()
        dist.all_reduce(out)
        return out

    @staticmethod
    def backward(ctx, g):
        return g


def main(spec):
    backend = spec["backend"]
    dist.init_process_group(backend=backend)
    rank = dist.get_rank()
    dev = torch.device(f"cuda:{os.environ['LOCAL_RANK']}") if backend == "nccl" else torch.device("cpu")
    x, w1, b1, w2, b2 = (spec[k].to(dev).detach().clone().requires_grad_(True)
                         for k in ("x", "w1", "b1", "w2", "b2"))
    grad_y = spec["grad_y"].to(dev)

    h = F.gelu(_Identity_AllReduceBwd.apply(x) @ w1.t() + b1)
    partial = h @ w2.t()
    if rank == 0:
        partial = partial + b2          # bias must be added exactly once
    y = _AllReduce_IdentityBwd.apply(partial)
    loss = (y * grad_y).sum()
    loss.backward()
    gb2 = b2.grad if b2.grad is not None else torch.zeros_like(b2)
    return {"y": y.detach(), "grad_x": x.grad, "grad_w1": w1.grad, "grad_b1": b1.grad,
            "grad_w2": w2.grad, "grad_b2": gb2}
