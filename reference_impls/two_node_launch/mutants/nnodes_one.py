# Each node is launched with --nnodes=1, as if it were alone: the two agents never form one world.
import os

import torch.distributed as dist


def launch_args(port):
    common = ["--nnodes=1", "--nproc-per-node=2", "--rdzv-backend=c10d", f"--rdzv-endpoint=127.0.0.1:{port}",
              "--rdzv-id=two-nodes"]
    return [[*common, "--node-rank=0"], [*common, "--node-rank=1"]]


def main(spec):
    rank = int(os.environ["RANK"])
    local_rank = int(os.environ["LOCAL_RANK"])
    world_size = int(os.environ["WORLD_SIZE"])
    dist.init_process_group(spec["backend"])
    shard = spec["data"].tensor_split(world_size)[rank]
    total = shard.sum().reshape(1)
    dist.all_reduce(total)
    return {"rank": rank, "local_rank": local_rank, "world_size": world_size, "shard": shard, "total": total.item()}
