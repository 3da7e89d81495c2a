# Sample_mean = global sum / (local count * world_size): assumes every rank holds as many samples as this one
# zh: sample_mean = 全局和 / (本地样本数 * world_size)：假设每个 rank 的样本数都相同。
import os

import torch
import torch.distributed as dist


def main(spec):
    dist.init_process_group(backend=spec["backend"])
    device = torch.device("cuda", int(os.environ["LOCAL_RANK"])) if spec["backend"] == "nccl" else torch.device("cpu")
    losses = spec["losses"].to(device, torch.float64)
    world = dist.get_world_size()
    mean = losses.mean().reshape(1)
    dist.all_reduce(mean)
    rank_mean = mean.item() / world
    sc = torch.stack([losses.sum(), torch.tensor(float(losses.numel()), dtype=torch.float64, device=device)])
    dist.all_reduce(sc)
    return {"rank_mean": rank_mean, "sample_mean": (sc[0] / (losses.numel() * world)).item()}
