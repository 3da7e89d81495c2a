# Splits set-up into helpers, uses F.mse_loss, and steps the sampler's epoch through a generator of batches.
import os

import torch
import torch.distributed as dist
from torch.nn import functional as F
from torch.nn.parallel import DistributedDataParallel
from torch.utils.data import DataLoader, DistributedSampler


def _device(backend):
    return torch.device("cuda", int(os.environ["LOCAL_RANK"])) if backend == "nccl" else torch.device("cpu")


def _model(weight, bias, device):
    m = torch.nn.Linear(weight.shape[1], weight.shape[0])
    m.load_state_dict({"weight": weight, "bias": bias})
    return m.to(device)


def _batches(loader, sampler, epochs):
    for epoch in range(epochs):
        sampler.set_epoch(epoch)
        yield from loader


def main(spec):
    dist.init_process_group(spec["backend"])
    device = _device(spec["backend"])
    model = _model(spec["weight"], spec["bias"], device)
    ddp = DistributedDataParallel(model, device_ids=[device.index] if device.type == "cuda" else None)
    sampler = DistributedSampler(spec["dataset"])  # shuffle=True is the default
    loader = DataLoader(spec["dataset"], batch_size=spec["batch_size"], sampler=sampler, num_workers=0)
    opt = torch.optim.SGD(ddp.parameters(), lr=spec["lr"])
    for x, y in _batches(loader, sampler, spec["epochs"]):
        opt.zero_grad(set_to_none=True)
        F.mse_loss(ddp(x.to(device)), y.to(device)).backward()
        opt.step()
    return {"weight": model.weight.detach().cpu(), "bias": model.bias.detach().cpu()}
