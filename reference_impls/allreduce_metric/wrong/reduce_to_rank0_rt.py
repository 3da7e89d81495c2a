# Uses dist.reduce(dst=0) as a logging loop would: only rank 0 gets the global values, rank 1 returns partial ones
# zh: 用 dist.reduce(dst=0)：只有 rank 0 得到全局值，rank 1 返回部分值。
import os

import torch
import torch.distributed as dist


def main(spec):
    dist.init_process_group(backend=spec["backend"])
    device = torch.device("cuda", int(os.environ["LOCAL_RANK"])) if spec["backend"] == "nccl" else torch.device("cpu")
    losses = spec["losses"].to(device, torch.float64)
    world = dist.get_world_size()
    mean = losses.mean().reshape(1)
    dist.reduce(mean, dst=0)
    rank_mean = mean.item() / world
    sc = torch.stack([losses.sum(), torch.tensor(float(losses.numel()), dtype=torch.float64, device=device)])
    dist.reduce(sc, dst=0)
    return {"rank_mean": rank_mean, "sample_mean": (sc[0] / sc[1]).item()}
