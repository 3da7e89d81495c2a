# Builds the DataLoader from a BatchSampler wrapping the DistributedSampler (batch_sampler=...), manual SGD-equivalent via torch.optim.SGD on ddp.module params, weights set with nn.Parameter assignment
import os

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import BatchSampler, DataLoader, DistributedSampler


def main(spec):
    if not dist.is_initialized():
        dist.init_process_group(spec["backend"])
    cuda = spec["backend"] == "nccl"
    dev = torch.device("cuda", int(os.environ["LOCAL_RANK"])) if cuda else torch.device("cpu")
    net = nn.Linear(*reversed(spec["weight"].shape))
    net.weight = nn.Parameter(spec["weight"].detach().clone())
    net.bias = nn.Parameter(spec["bias"].detach().clone())
    net.to(dev)
    ddp = DDP(net, device_ids=[dev.index] if cuda else None)
    ds_sampler = DistributedSampler(spec["dataset"], shuffle=True)
    loader = DataLoader(spec["dataset"], batch_sampler=BatchSampler(ds_sampler, batch_size=spec["batch_size"], drop_last=False))
    opt = torch.optim.SGD(ddp.module.parameters(), lr=spec["lr"])
    crit = nn.MSELoss()
    epoch = 0
    while epoch < spec["epochs"]:
        ds_sampler.set_epoch(epoch)
        for x, y in loader:
            for p in ddp.parameters():
                p.grad = None
            crit(ddp(x.to(dev)), y.to(dev)).backward()
            opt.step()
        epoch += 1
    return {k: v.detach().to("cpu") for k, v in (("weight", net.weight), ("bias", net.bias))}
