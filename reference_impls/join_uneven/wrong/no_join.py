# Plain DDP loop without Join: fine when both ranks have as many batches, the rank with more batches waits forever in all-reduce
# zh: 普通的 DDP 循环不用 Join：批次多的 rank 在 all-reduce 中永远等待。
import os

import torch
import torch.distributed as dist
import torch.nn as nn
from torch.distributed.algorithms.join import Join
from torch.nn.parallel import DistributedDataParallel as DDP


def main(spec):
    dist.init_process_group(backend=spec["backend"])
    if spec["backend"] == "nccl":
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
    opt = torch.optim.SGD(ddp.parameters(), lr=spec["lr"])
    loss_fn = nn.MSELoss()
    for x, y in spec["batches"]:
        x, y = x.to(device), y.to(device)
        opt.zero_grad()
        loss_fn(ddp(x), y).backward()
        opt.step()
    return {"weight": model.weight.detach().cpu(), "bias": model.bias.detach().cpu()}
