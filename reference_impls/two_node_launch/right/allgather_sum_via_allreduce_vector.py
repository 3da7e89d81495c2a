# Node lists built from a template dict; main all-reduces a one-hot vector of per-rank sums (rank-indexed slot) and sums it
import os

import torch
import torch.distributed as dist


def launch_args(port):
    opts = {"nnodes": "2", "nproc-per-node": "2", "rdzv-backend": "c10d", "rdzv-endpoint": f"127.0.0.1:{port}", "rdzv-id": "demo"}
    line = [f"--{k}={v}" for k, v in opts.items()]
    return [list(line), list(line)]


def main(spec):
    env = {k: int(os.environ[k]) for k in ("RANK", "LOCAL_RANK", "WORLD_SIZE")}
    dist.init_process_group(spec["backend"])
    shard = spec["data"].tensor_split(env["WORLD_SIZE"])[env["RANK"]]
    slots = torch.zeros(env["WORLD_SIZE"], dtype=torch.float64)
    slots[env["RANK"]] = shard.sum(dtype=torch.float64)
    dist.all_reduce(slots)
    return {"rank": env["RANK"], "local_rank": env["LOCAL_RANK"], "world_size": env["WORLD_SIZE"], "shard": shard, "total": float(slots.sum())}
