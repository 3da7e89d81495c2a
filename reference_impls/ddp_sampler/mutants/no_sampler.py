# No DistributedSampler: every rank shuffles and trains on the whole dataset.
import os

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader


def main(spec):
    dist.init_process_group(spec["backend"])  # env://: RANK, WORLD_SIZE, MASTER_ADDR/PORT from torchrun
    local_rank = int(os.environ["LOCAL_RANK"])
    device = torch.device("cuda", local_rank) if spec["backend"] == "nccl" else torch.device("cpu")

    d_out, d_in = spec["weight"].shape
    model = torch.nn.Linear(d_in, d_out).to(device)
    with torch.no_grad():
        model.weight.copy_(spec["weight"])
        model.bias.copy_(spec["bias"])
    ddp = DDP(model, device_ids=[local_rank] if device.type == "cuda" else None)

    loader = DataLoader(spec["dataset"], batch_size=spec["batch_size"], shuffle=True)
    opt = torch.optim.SGD(ddp.parameters(), lr=spec["lr"])
    loss_fn = torch.nn.MSELoss()
    for epoch in range(spec["epochs"]):
        for x, y in loader:
            x, y = x.to(device), y.to(device)
            opt.zero_grad()
            loss_fn(ddp(x), y).backward()  # DDP all-reduces and averages the gradients here
            opt.step()
    return {"weight": model.weight.detach().cpu(), "bias": model.bias.detach().cpu()}
