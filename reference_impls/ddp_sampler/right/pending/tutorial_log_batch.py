# The DDP tutorial's pattern: reads one extra batch per epoch to log its size (a read the prompt never forbids).
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
        b_sz = len(next(iter(loader))[0])
        print(f"[rank {dist.get_rank()}] epoch {epoch} | batchsize: {b_sz} | steps: {len(loader)}")
        sampler.set_epoch(epoch)
        for x, y in loader:
            opt.zero_grad()
            loss_fn(ddp(x.to(device)), y.to(device)).backward()
            opt.step()
    return {"weight": model.weight.detach().cpu(), "bias": model.bias.detach().cpu()}
