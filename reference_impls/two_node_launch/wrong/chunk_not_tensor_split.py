# Splits with .chunk(WORLD_SIZE) instead of tensor_split: differs when the length is not a multiple of 4 (10 -> 3,3,3,1 vs 3,3,2,2)
# zh: 用 .chunk(WORLD_SIZE) 而不是 tensor_split 切分：长度不是 4 的倍数时分片不同（10 -> 3,3,3,1 而不是 3,3,2,2）。
import os

import torch
import torch.distributed as dist


def launch_args(port):
    common = ["--nnodes=2", "--nproc-per-node=2", "--rdzv-backend=c10d", f"--rdzv-endpoint=127.0.0.1:{port}", "--rdzv-id=twonode"]
    return [common + [], common + []]


def main(spec):
    rank = int(os.environ["RANK"])
    local_rank = int(os.environ["LOCAL_RANK"])
    world = int(os.environ["WORLD_SIZE"])
    dist.init_process_group(backend=spec["backend"])
    shard = spec["data"].chunk(world)[rank]
    total = shard.sum().to(torch.float64).reshape(1)
    dist.all_reduce(total)
    return {"rank": rank, "local_rank": local_rank, "world_size": world, "shard": shard, "total": float(total.item())}
