# Join spelled with its defaults written out (enable=True, throw_on_early_termination=False), a while-loop over an iterator, functional mse_loss, params set via nn.Parameter
import os

import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch import nn
from torch.distributed.algorithms.join import Join
from torch.nn.parallel import DistributedDataParallel


def main(spec: dict) -> dict:
    dist.init_process_group(backend=spec["backend"], init_method="env://")
    dev = torch.device("cuda", int(os.environ["LOCAL_RANK"])) if spec["backend"] == "nccl" else torch.device("cpu")
    lin = nn.Linear(spec["weight"].shape[1], spec["weight"].shape[0], device=dev)
    lin.weight = nn.Parameter(spec["weight"].detach().clone().to(dev))
    lin.bias = nn.Parameter(spec["bias"].detach().clone().to(dev))
    model = DistributedDataParallel(lin)
    sgd = torch.optim.SGD(model.parameters(), lr=spec["lr"])
    batches = iter(spec["batches"])
    with Join(joinables=[model], enable=True, throw_on_early_termination=False):
        while (batch := next(batches, None)) is not None:
            x, y = (t.to(dev) for t in batch)
            for p in model.parameters():
                p.grad = None
            F.mse_loss(model(x), y, reduction="mean").backward()
            sgd.step()
    return {"weight": lin.weight.detach().to("cpu"), "bias": lin.bias.detach().to("cpu")}
