# Packs the local mean, sum and count into one float64 tensor and all-reduces it once.
import os

import torch
import torch.distributed as dist


def main(spec):
    dist.init_process_group(spec["backend"])
    device = torch.device("cuda", int(os.environ["LOCAL_RANK"])) if spec["backend"] == "nccl" else torch.device("cpu")
    losses = spec["losses"].to(device, torch.float64)
    packed = torch.stack([losses.mean(), losses.sum(), torch.tensor(float(len(losses)), device=device,
                                                                     dtype=torch.float64)])
    dist.all_reduce(packed, op=dist.ReduceOp.SUM)
    mean_sum, total, count = packed.tolist()
    return {"rank_mean": mean_sum / dist.get_world_size(), "sample_mean": total / count}
