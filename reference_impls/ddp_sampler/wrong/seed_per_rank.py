# Gives every rank its own sampler seed (seed=rank) 'so ranks see different data': the ranks' permutations differ, shards overlap
# zh: 每个 rank 用自己的 sampler 种子（seed=rank）：各 rank 的排列不同，分片重叠。
import os

import torch
import torch.distributed as dist
import torch.nn as nn
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader, DistributedSampler


def main(spec):
    backend = spec["backend"]
    dist.init_process_group(backend=backend)
    if backend == "nccl":
        device = torch.device("cuda", int(os.environ["LOCAL_RANK"]))
        torch.cuda.set_device(device)
    else:
        device = torch.device("cpu")
    w, b = spec["weight"], spec["bias"]
    model = nn.Linear(w.shape[1], w.shape[0]).to(device)
    with torch.no_grad():
        model.weight.copy_(w)
        model.bias.copy_(b)
    ddp = DDP(model, device_ids=[device.index] if device.type == "cuda" else None)
    sampler = DistributedSampler(spec["dataset"], shuffle=True, seed=dist.get_rank())
    loader = DataLoader(spec["dataset"], batch_size=spec["batch_size"], sampler=sampler, num_workers=0)
    opt = torch.optim.SGD(ddp.parameters(), lr=spec["lr"])
    loss_fn = nn.MSELoss()
    for epoch in range(spec["epochs"]):
        sampler.set_epoch(epoch)
        for x, y in loader:
            x, y = x.to(device), y.to(device)
            opt.zero_grad()
            loss = loss_fn(ddp(x), y)
            loss.backward()
            opt.step()
    return {"weight": model.weight.detach().cpu(), "bias": model.bias.detach().cpu()}
