import os

import torch
import torch.distributed as dist
import torch.nn.functional as F


class CopyToParallel(torch.autograd.Function):
    """f: the replicated input enters the column-parallel layer as it is; in backward each rank
    holds only its shard's part of dL/dx, so the parts are summed across ranks."""

    @staticmethod
    def forward(ctx, x):
        return x.view_as(x)

    @staticmethod
    def backward(ctx, grad):
        grad = grad.clone()
        dist.all_reduce(grad)
        return grad


class ReduceFromParallel(torch.autograd.Function):
    """g: the row-parallel layer's partial sums are added across ranks; the gradient of a sum with
    respect to each addend is the gradient itself, already the same on every rank."""

    @staticmethod
    def forward(ctx, partial):
        total = partial.clone()
        dist.all_reduce(total)
        return total

    @staticmethod
    def backward(ctx, grad):
        return grad


def main(spec):
    dist.init_process_group(spec["backend"])
    local_rank = int(os.environ["LOCAL_RANK"])
    device = torch.device("cuda", local_rank) if spec["backend"] == "nccl" else torch.device("cpu")
    x = spec["x"].to(device).requires_grad_(True)
    w1 = spec["w1"].to(device).requires_grad_(True)  # this rank's rows of W1 (hidden units)
    b1 = spec["b1"].to(device).requires_grad_(True)
    w2 = spec["w2"].to(device).requires_grad_(True)  # the matching columns of W2
    b2 = spec["b2"].to(device).requires_grad_(True)  # replicated: added once, after the sum

    h = F.gelu(F.linear(CopyToParallel.apply(x), w1, b1))  # column-parallel: no communication
    y = ReduceFromParallel.apply(F.linear(h, w2)) + b2  # row-parallel: one all_reduce
    (y * spec["grad_y"].to(device)).sum().backward()
    return {"y": y.detach().cpu(), "grad_x": x.grad.cpu(), "grad_w1": w1.grad.cpu(), "grad_b1": b1.grad.cpu(),
            "grad_w2": w2.grad.cpu(), "grad_b2": b2.grad.cpu()}
