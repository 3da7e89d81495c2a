# Launches each node with --standalone, which gives every agent its own local rendezvous: two separate worlds.
import os

import torch.distributed as dist


def launch_args(port):
    return [["--standalone", "--nproc-per-node=2"], ["--standalone", "--nproc-per-node=2"]]


def main(spec):
    rank, local_rank, world = (int(os.environ[k]) for k in ("RANK", "LOCAL_RANK", "WORLD_SIZE"))
    dist.init_process_group(spec["backend"])
    shard = spec["data"].tensor_split(world)[rank]
    total = shard.sum().reshape(1)
    dist.all_reduce(total)
    return {"rank": rank, "local_rank": local_rank, "world_size": world, "shard": shard, "total": total.item()}
