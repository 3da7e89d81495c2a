# Takes the shard with LOCAL_RANK instead of RANK: node 1's workers re-read node 0's shards
# zh: 用 LOCAL_RANK 而不是 RANK 取分片：节点 1 的 worker 重复读节点 0 的分片。
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
    shard = spec["data"].tensor_split(world)[local_rank]
    total = shard.sum().to(torch.float64).reshape(1)
    dist.all_reduce(total)
    return {"rank": rank, "local_rank": local_rank, "world_size": world, "shard": shard, "total": float(total.item())}
