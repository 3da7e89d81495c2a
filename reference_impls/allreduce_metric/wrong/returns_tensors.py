# Returns 0-d tensors instead of Python floats
# zh: 返回 0 维张量，而不是 Python 浮点数。
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
    rank_mean = mean[0] / world
    sc = torch.stack([losses.sum(), torch.tensor(float(losses.numel()), dtype=torch.float64, device=device)])
    dist.all_reduce(sc)
    return {"rank_mean": rank_mean, "sample_mean": sc[0] / sc[1]}
