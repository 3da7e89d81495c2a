# Reads the environment once into a small dataclass, then cross-checks it with the process group after init.
import os
from dataclasses import dataclass

import torch.distributed as dist


@dataclass(frozen=True)
class Place:
    rank: int
    local_rank: int
    world_size: int

    @classmethod
    def from_env(cls):
        return cls(int(os.environ["RANK"]), int(os.environ["LOCAL_RANK"]), int(os.environ["WORLD_SIZE"]))


def launch_args(port):
    def node(i):
        return ["--nnodes=2", "--nproc-per-node=2", "--rdzv-backend=c10d", f"--rdzv-endpoint=127.0.0.1:{port}",
                "--rdzv-id=demo", f"--node-rank={i}"]
    return [node(0), node(1)]


def main(spec):
    here = Place.from_env()
    dist.init_process_group(spec["backend"])
    assert (dist.get_rank(), dist.get_world_size()) == (here.rank, here.world_size)
    shard = spec["data"].tensor_split(here.world_size)[here.rank]
    total = shard.sum().reshape(1)
    dist.all_reduce(total, op=dist.ReduceOp.SUM)
    return {"rank": here.rank, "local_rank": here.local_rank, "world_size": here.world_size, "shard": shard,
            "total": float(total)}
