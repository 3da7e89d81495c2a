# Sample_mean computed like rank_mean (all-reduce of each rank's mean / world): wrong when ranks hold different numbers of samples
# zh: sample_mean 像 rank_mean 一样算（各 rank 均值的平均）：各 rank 样本数不同时错误。
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
    return {"rank_mean": rank_mean, "sample_mean": rank_mean}
