# Each node launched with --standalone: two independent single-node jobs of 2 ranks that ignore the port
# zh: 每个节点都用 --standalone 启动：两个互不相干的单节点任务，忽略了端口。
import os

import torch
import torch.distributed as dist


def launch_args(port):
    return [["--standalone", "--nnodes=1", "--nproc-per-node=2"], ["--standalone", "--nnodes=1", "--nproc-per-node=2"]]


def main(spec):
    rank = int(os.environ["RANK"])
    local_rank = int(os.environ["LOCAL_RANK"])
    world = int(os.environ["WORLD_SIZE"])
    dist.init_process_group(backend=spec["backend"])
    shard = spec["data"].tensor_split(world)[rank]
    total = shard.sum().to(torch.float64).reshape(1)
    dist.all_reduce(total)
    return {"rank": rank, "local_rank": local_rank, "world_size": world, "shard": shard, "total": float(total.item())}
