# Keyword-heavy: DistributedSampler with explicit num_replicas/rank/seed=0/drop_last=False, DataLoader(batch_size, sampler), zero_grad(set_to_none=False), functional mse_loss; params initialised via load_state_dict
import os

import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch import nn
from torch.nn.parallel import DistributedDataParallel
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler


def main(spec: dict) -> dict:
    dist.init_process_group(backend=spec["backend"], init_method="env://")
    rank, world = dist.get_rank(), dist.get_world_size()
    dev = torch.device(f"cuda:{os.environ['LOCAL_RANK']}") if spec["backend"] == "nccl" else torch.device("cpu")
    d_out, d_in = spec["weight"].shape
    lin = nn.Linear(in_features=d_in, out_features=d_out)
    lin.load_state_dict({"weight": spec["weight"].clone(), "bias": spec["bias"].clone()})
    lin = lin.to(dev)
    model = DistributedDataParallel(module=lin, device_ids=None if dev.type == "cpu" else [dev])
    sampler = DistributedSampler(dataset=spec["dataset"], num_replicas=world, rank=rank, shuffle=True, seed=0, drop_last=False)
    loader = DataLoader(dataset=spec["dataset"], batch_size=spec["batch_size"], sampler=sampler, num_workers=0)
    opt = torch.optim.SGD(params=model.parameters(), lr=spec["lr"], momentum=0.0)
    for epoch in range(spec["epochs"]):
        sampler.set_epoch(epoch=epoch)
        for x, y in loader:
            opt.zero_grad(set_to_none=False)
            F.mse_loss(input=model(x.to(dev)), target=y.to(dev), reduction="mean").backward()
            opt.step()
    sd = model.module.state_dict()
    return {"weight": sd["weight"].detach().cpu().clone(), "bias": sd["bias"].detach().cpu().clone()}
