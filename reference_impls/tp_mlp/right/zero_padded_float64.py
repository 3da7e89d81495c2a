# embeds this rank's shards into zero-padded FULL-size W1/b1/W2 (gelu(0)=0 so foreign units contribute nothing), computes in float64 with nn.Linear modules, one Function class with a mode flag, slices the shard grads back out, and casts to float32
import os
import torch
import torch.distributed as dist
import torch.nn as nn
import torch.nn.functional as F


class TPComm(torch.autograd.Function):
    @staticmethod
    def forward(ctx, t, reduce_in_forward):
        ctx.reduce_in_forward = reduce_in_forward
        t = t.clone()
        if reduce_in_forward:
            dist.all_reduce(t)
        return t

    @staticmethod
    def backward(ctx, g):
        g = g.clone()
        if not ctx.reduce_in_forward:
            dist.all_reduce(g)
        return g, None


def main(spec):
    backend = spec["backend"]
    dist.init_process_group(backend)
    r, ws = dist.get_rank(), dist.get_world_size()
    dev = torch.device("cuda", int(os.environ["LOCAL_RANK"])) if backend == "nccl" else torch.device("cpu")
    w1, b1, w2 = spec["w1"], spec["b1"], spec["w2"]
    hs, d_in = w1.shape
    d_out = w2.shape[0]
    H = hs * ws
    lo, hi = r * hs, (r + 1) * hs
    fc1 = nn.Linear(d_in, H).to(dev, torch.float64)
    fc2 = nn.Linear(H, d_out).to(dev, torch.float64)
    with torch.no_grad():
        fc1.weight.zero_(); fc1.bias.zero_(); fc2.weight.zero_()
        fc1.weight[lo:hi] = w1.to(dev, torch.float64)
        fc1.bias[lo:hi] = b1.to(dev, torch.float64)
        fc2.weight[:, lo:hi] = w2.to(dev, torch.float64)
        fc2.bias.copy_(spec["b2"].to(dev, torch.float64))
    x = spec["x"].to(dev, torch.float64).requires_grad_()
    hidden = F.gelu(fc1(TPComm.apply(x, False)))
    y = TPComm.apply(F.linear(hidden, fc2.weight), True) + fc2.bias
    (y * spec["grad_y"].to(dev, torch.float64)).sum().backward()
    f32 = lambda t: t.detach().to(torch.float32)
    return {"y": f32(y), "grad_x": f32(x.grad), "grad_b2": f32(fc2.bias.grad),
            "grad_w1": f32(fc1.weight.grad[lo:hi]), "grad_b1": f32(fc1.bias.grad[lo:hi]),
            "grad_w2": f32(fc2.weight.grad[:, lo:hi]).contiguous()}
