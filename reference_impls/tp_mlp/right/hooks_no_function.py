# no autograd.Function at all: plain in-place dist.all_reduce on the row-parallel partial (autograd treats it as identity, which is the right backward for a sum) plus a tensor hook on x that all-reduces dL/dx during backward
import os
import torch
import torch.distributed as dist
import torch.nn.functional as F


def main(spec):
    backend = spec["backend"]
    dist.init_process_group(backend)
    dev = torch.device("cuda", int(os.environ["LOCAL_RANK"])) if backend == "nccl" else torch.device("cpu")
    if dev.type == "cuda":
        torch.cuda.set_device(dev)
    x = spec["x"].to(dev).clone().requires_grad_()
    w1 = spec["w1"].to(dev).clone().requires_grad_()
    b1 = spec["b1"].to(dev).clone().requires_grad_()
    w2 = spec["w2"].to(dev).clone().requires_grad_()
    b2 = spec["b2"].to(dev).clone().requires_grad_()

    def _sum_over_ranks(g):
        g = g.clone()
        dist.all_reduce(g)
        return g

    x.register_hook(_sum_over_ranks)          # runs inside backward
    partial = torch.mm(F.gelu(torch.addmm(b1, x, w1.t())), w2.t())
    with torch.no_grad():
        dist.all_reduce(partial)              # in place, invisible to autograd
    y = partial + b2
    (y * spec["grad_y"].to(dev)).sum().backward()
    return {"y": y.detach(), "grad_x": x.grad, "grad_w1": w1.grad, "grad_b1": b1.grad,
            "grad_w2": w2.grad, "grad_b2": b2.grad}
