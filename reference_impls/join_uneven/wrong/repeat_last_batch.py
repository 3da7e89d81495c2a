# Pads the shorter rank by re-training on its last batch until the longest count (all_reduce MAX): batches are used more than once
# zh: 让较短的 rank 反复训练最后一个批次直到最长的批次数：批次被使用多次。
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
    n = torch.tensor([len(spec["batches"])], device=device)
    dist.all_reduce(n, op=dist.ReduceOp.MAX)
    batches = list(spec["batches"])
    batches += [batches[-1]] * (int(n) - len(batches))
    for x, y in batches:
        x, y = x.to(device), y.to(device)
        opt.zero_grad()
        loss_fn(ddp(x), y).backward()
        opt.step()
    return {"weight": model.weight.detach().cpu(), "bias": model.bias.detach().cpu()}
