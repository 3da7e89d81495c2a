# Spells the options with underscores and an elastic --nnodes=2:2, and lets the rendezvous pick node ranks.
import os

import torch.distributed as dist


def launch_args(port):
    node = ["--nnodes=2:2", "--nproc_per_node=2", "--rdzv_backend=c10d", f"--rdzv_endpoint=127.0.0.1:{port}",
            "--rdzv_id=two-node-demo"]
    return [list(node), list(node)]


def main(spec):
    rank, local_rank, world = (int(os.environ[k]) for k in ("RANK", "LOCAL_RANK", "WORLD_SIZE"))
    dist.init_process_group(spec["backend"])
    shard = spec["data"].tensor_split(world)[rank]
    total = shard.sum().reshape(1)
    dist.all_reduce(total)
    return {"rank": rank, "local_rank": local_rank, "world_size": world, "shard": shard, "total": total.item()}
