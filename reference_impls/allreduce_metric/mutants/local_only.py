# Divides by the world size but never all-reduces: each rank returns its own local numbers.
import os

import torch
import torch.distributed as dist


def main(spec):
    dist.init_process_group(spec["backend"])
    local_rank = int(os.environ["LOCAL_RANK"])
    device = torch.device("cuda", local_rank) if spec["backend"] == "nccl" else torch.device("cpu")
    losses = spec["losses"].to(device)
    world = dist.get_world_size()

    mean = losses.mean().reshape(1)
    rank_mean = mean.item()

    # A weighted mean needs the sums and the counts, not the local means.
    stats = torch.stack([losses.sum(), torch.tensor(float(losses.numel()), device=device)])
    sample_mean = (stats[0] / stats[1]).item()
    return {"rank_mean": rank_mean, "sample_mean": sample_mean}
