# one uuid rendezvous id shared by both lists, explicit --node-rank per node (ignored by c10d), options built from a dict; worker cross-checks env against the group and all-reduces a stacked sum through group=WORLD
import os
import uuid

import torch
import torch.distributed as dist


def launch_args(port: int) -> list[list[str]]:
    job = uuid.uuid4().hex[:12]
    base = {"nnodes": 2, "nproc-per-node": 2, "rdzv-backend": "c10d",
            "rdzv-endpoint": f"127.0.0.1:{port}", "rdzv-id": job}
    return [[f"--{k}={v}" for k, v in {**base, "node-rank": n}.items()] for n in (0, 1)]


def main(spec: dict) -> dict:
    rank = int(os.environ.get("RANK"))
    local_rank = int(os.environ.get("LOCAL_RANK"))
    world_size = int(os.environ.get("WORLD_SIZE"))
    if not dist.is_initialized():
        dist.init_process_group(spec["backend"])
    assert (dist.get_rank(), dist.get_world_size()) == (rank, world_size)
    shard = spec["data"].tensor_split(world_size)[rank].clone()
    part = torch.stack([shard.sum()])
    dist.all_reduce(part, group=dist.group.WORLD)
    return {"total": part.item() * 1.0, "shard": shard, "world_size": world_size,
            "local_rank": local_rank, "rank": rank}
