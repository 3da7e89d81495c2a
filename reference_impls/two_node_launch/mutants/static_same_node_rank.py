# Static rendezvous, but both nodes are started with --node-rank=0: two nodes claim the same ranks.
import os

import torch.distributed as dist


def launch_args(port):
    common = ["--nnodes=2", "--nproc-per-node=2", "--master-addr=127.0.0.1", f"--master-port={port}"]
    return [[*common, "--node-rank=0"], [*common, "--node-rank=0"]]


def main(spec):
    rank = int(os.environ["RANK"])
    local_rank = int(os.environ["LOCAL_RANK"])
    world_size = int(os.environ["WORLD_SIZE"])
    dist.init_process_group(spec["backend"])
    shard = spec["data"].tensor_split(world_size)[rank]
    total = shard.sum().reshape(1)
    dist.all_reduce(total)
    return {"rank": rank, "local_rank": local_rank, "world_size": world_size, "shard": shard, "total": total.item()}
