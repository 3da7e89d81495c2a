# A different --rdzv-id per node (job-0, job-1): the two agents wait in different rendezvous and never form the job
# zh: 每个节点用不同的 --rdzv-id（job-0、job-1）：两个 agent 在不同的 rendezvous 中等待，永远组不成任务。
import os

import torch
import torch.distributed as dist


def launch_args(port):
    return [["--nnodes=2", "--nproc-per-node=2", "--rdzv-backend=c10d", f"--rdzv-endpoint=127.0.0.1:{port}", f"--rdzv-id=job-{n}"] for n in (0, 1)]


def main(spec):
    rank = int(os.environ["RANK"])
    local_rank = int(os.environ["LOCAL_RANK"])
    world = int(os.environ["WORLD_SIZE"])
    dist.init_process_group(backend=spec["backend"])
    shard = spec["data"].tensor_split(world)[rank]
    total = shard.sum().to(torch.float64).reshape(1)
    dist.all_reduce(total)
    return {"rank": rank, "local_rank": local_rank, "world_size": world, "shard": shard, "total": float(total.item())}
