# divide_by_initial_world_size=False: averages over the ranks still training, not the default.
import os

import torch
import torch.distributed as dist
from torch.distributed.algorithms.join import Join
from torch.nn.parallel import DistributedDataParallel as DDP


def main(spec):
    dist.init_process_group(spec["backend"])
    local_rank = int(os.environ["LOCAL_RANK"])
    device = torch.device("cuda", local_rank) if spec["backend"] == "nccl" else torch.device("cpu")

    d_out, d_in = spec["weight"].shape
    model = torch.nn.Linear(d_in, d_out).to(device)
    with torch.no_grad():
        model.weight.copy_(spec["weight"])
        model.bias.copy_(spec["bias"])
    ddp = DDP(model, device_ids=[local_rank] if device.type == "cuda" else None)
    opt = torch.optim.SGD(ddp.parameters(), lr=spec["lr"])
    loss_fn = torch.nn.MSELoss()

    # A rank that runs out of batches stays in Join.__exit__ and shadows the collectives its peers
    # still issue (zero gradients into their all-reduce), instead of leaving them blocked.
    with Join([ddp], divide_by_initial_world_size=False):
        for x, y in spec["batches"]:
            x, y = x.to(device), y.to(device)
            opt.zero_grad()
            loss_fn(ddp(x), y).backward()
            opt.step()
    return {"weight": model.weight.detach().cpu(), "bias": model.bias.detach().cpu()}
