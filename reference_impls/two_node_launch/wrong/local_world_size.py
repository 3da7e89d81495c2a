# Splits the data by LOCAL_WORLD_SIZE (processes on this node) and returns that as world_size
# zh: 按 LOCAL_WORLD_SIZE（本节点进程数）切分数据，并把它当作 world_size 返回。
import os

import torch
import torch.distributed as dist


def launch_args(port):
    common = ["--nnodes=2", "--nproc-per-node=2", "--rdzv-backend=c10d", f"--rdzv-endpoint=127.0.0.1:{port}", "--rdzv-id=twonode"]
    return [common + [], common + []]


def main(spec):
    rank = int(os.environ["RANK"])
    local_rank = int(os.environ["LOCAL_RANK"])
    world = int(os.environ["LOCAL_WORLD_SIZE"])
    dist.init_process_group(backend=spec["backend"])
    shard = spec["data"].tensor_split(world)[rank]
    total = shard.sum().to(torch.float64).reshape(1)
    dist.all_reduce(total)
    return {"rank": rank, "local_rank": local_rank, "world_size": world, "shard": shard, "total": float(total.item())}
