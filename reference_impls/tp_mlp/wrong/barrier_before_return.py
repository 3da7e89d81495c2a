# adds a dist.barrier() before returning "so both ranks finish together" -> a communication that is not all_reduce (forbidden)
# zh: 返回前调用 dist.barrier()“让两个 rank 一起结束”：这是 all_reduce 以外的通信，题目不允许
import os
import torch
import torch.distributed as dist
import torch.nn.functional as F


class CopyToTP(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x.clone()

    @staticmethod
    def backward(ctx, g):
        g = g.clone()
        dist.all_reduce(g)
        return g


class ReduceFromTP(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        x = x.clone()
        dist.all_reduce(x)
        return x

    @staticmethod
    def backward(ctx, g):
        return g


def main(spec):
    dist.init_process_group(spec["backend"])
    dev = torch.device("cuda", int(os.environ["LOCAL_RANK"])) if spec["backend"] == "nccl" else torch.device("cpu")
    x, w1, b1, w2, b2 = (spec[k].to(dev).clone().requires_grad_() for k in ("x", "w1", "b1", "w2", "b2"))
    h = F.gelu(CopyToTP.apply(x) @ w1.T + b1)
    y = ReduceFromTP.apply(h @ w2.T) + b2
    (y * spec["grad_y"].to(dev)).sum().backward()
    dist.barrier()
    return {"y": y.detach(), "grad_x": x.grad, "grad_w1": w1.grad, "grad_b1": b1.grad,
            "grad_w2": w2.grad, "grad_b2": b2.grad}
