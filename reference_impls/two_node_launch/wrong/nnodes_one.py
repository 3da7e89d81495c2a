# --nnodes=1 on each list (one node each, thinks the rendezvous is per node): not a 2-node x 2-process job
# zh: 每组参数都是 --nnodes=1：不是一个 2 节点 x 2 进程的任务。
import os

import torch
import torch.distributed as dist


def launch_args(port):
    return [["--nnodes=1", "--nproc-per-node=2", "--rdzv-backend=c10d", f"--rdzv-endpoint=127.0.0.1:{port}", "--rdzv-id=twonode"] for n in (0, 1)]


def main(spec):
    rank = int(os.environ["RANK"])
    local_rank = int(os.environ["LOCAL_RANK"])
    world = int(os.environ["WORLD_SIZE"])
    dist.init_process_group(backend=spec["backend"])
    shard = spec["data"].tensor_split(world)[rank]
    total = shard.sum().to(torch.float64).reshape(1)
    dist.all_reduce(total)
    return {"rank": rank, "local_rank": local_rank, "world_size": world, "shard": shard, "total": float(total.item())}
