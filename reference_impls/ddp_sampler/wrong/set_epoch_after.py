# Calls set_epoch(epoch) at the end of each epoch, so the first two epochs both shuffle with epoch 0.
import os

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel
from torch.utils.data import DataLoader, DistributedSampler


def main(spec):
    dist.init_process_group(spec["backend"])
    local_rank = int(os.environ["LOCAL_RANK"])
    device = torch.device("cuda", local_rank) if spec["backend"] == "nccl" else torch.device("cpu")
    d_out, d_in = spec["weight"].shape
    model = torch.nn.Linear(d_in, d_out).to(device)
    with torch.no_grad():
        model.weight.copy_(spec["weight"])
        model.bias.copy_(spec["bias"])
    ddp = DistributedDataParallel(model, device_ids=[local_rank] if device.type == "cuda" else None)
    sampler = DistributedSampler(spec["dataset"], num_replicas=dist.get_world_size(), rank=dist.get_rank(),
                                 shuffle=True)
    loader = DataLoader(spec["dataset"], batch_size=spec["batch_size"], sampler=sampler)
    opt = torch.optim.SGD(ddp.parameters(), lr=spec["lr"])
    loss_fn = torch.nn.MSELoss()
    for epoch in range(spec["epochs"]):
        for x, y in loader:
            opt.zero_grad()
            loss_fn(ddp(x.to(device)), y.to(device)).backward()
            opt.step()
        sampler.set_epoch(epoch)
    return {"weight": model.weight.detach().cpu(), "bias": model.bias.detach().cpu()}
