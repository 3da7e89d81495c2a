# All-reduces (SUM) the gradients by hand after backward although DDP already averaged them: steps are world_size times too big
# zh: backward 之后又手动对梯度做 all-reduce（SUM），而 DDP 已经求过平均：步长大了 world_size 倍。
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
    sampler = DistributedSampler(spec["dataset"], shuffle=True)
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
            for p in ddp.parameters():
                dist.all_reduce(p.grad)
            opt.step()
    return {"weight": model.weight.detach().cpu(), "bias": model.bias.detach().cpu()}
