# Async all_reduce handles (async_op=True) waited on; sample_mean as the count-weighted average of rank means
import os
import torch
import torch.distributed as dist
from torch.distributed import ReduceOp


def main(spec):
    dist.init_process_group(backend=spec["backend"], init_method="env://")
    device = torch.device("cuda", int(os.environ["LOCAL_RANK"])) if spec["backend"] == "nccl" else torch.device("cpu")
    losses = spec["losses"].to(device=device, dtype=torch.float64)
    n = torch.tensor([float(losses.numel())], dtype=torch.float64, device=device)
    m = losses.mean().unsqueeze(0)
    weighted = m * n
    w = dist.get_world_size()
    handles = [dist.all_reduce(t, op=ReduceOp.SUM, async_op=True) for t in (m, n, weighted)]
    for h in handles:
        h.wait()
    return {"rank_mean": float(m / w), "sample_mean": float(weighted / n)}
