# Avoids the hang without Join: agrees on the longest count and lets the short rank repeat its batches.
import itertools

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel


def main(spec):
    dist.init_process_group(spec["backend"])
    d_out, d_in = spec["weight"].shape
    model = torch.nn.Linear(d_in, d_out)
    with torch.no_grad():
        model.weight.copy_(spec["weight"])
        model.bias.copy_(spec["bias"])
    ddp = DistributedDataParallel(model)
    opt = torch.optim.SGD(ddp.parameters(), lr=spec["lr"])
    n = torch.tensor([len(spec["batches"])])
    dist.all_reduce(n, op=dist.ReduceOp.MAX)
    for x, y in itertools.islice(itertools.cycle(spec["batches"]), int(n)):
        opt.zero_grad()
        torch.nn.functional.mse_loss(ddp(x), y).backward()
        opt.step()
    return {"weight": model.weight.detach().cpu(), "bias": model.bias.detach().cpu()}
