# Computes both metrics from dist.all_gather_object of every rank's losses: right numbers, but the prompt requires torch.distributed.all_reduce
# zh: 用 dist.all_gather_object 收集各 rank 的损失再计算：数值对，但题目要求用 torch.distributed.all_reduce。
import os

import torch
import torch.distributed as dist


def main(spec):
    dist.init_process_group(backend=spec["backend"])
    device = torch.device("cuda", int(os.environ["LOCAL_RANK"])) if spec["backend"] == "nccl" else torch.device("cpu")
    losses = spec["losses"].to(device, torch.float64)
    world = dist.get_world_size()
    gathered = [None] * world
    dist.all_gather_object(gathered, losses.cpu().tolist())
    rank_mean = sum(sum(g) / len(g) for g in gathered) / world
    flat = [v for g in gathered for v in g]
    return {"rank_mean": rank_mean, "sample_mean": sum(flat) / len(flat)}
