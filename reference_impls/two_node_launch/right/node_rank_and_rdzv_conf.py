# Long-form option spellings with separate values ("--rdzv_backend", "c10d"), explicit is_host rdzv-conf and node ranks; main reads env via os.getenv and reduces a float64 0-d tensor
import os

import torch
import torch.distributed as dist


def launch_args(port: int) -> list[list[str]]:
    args = []
    for node in (0, 1):
        args.append([
            "--nnodes", "2",
            "--nproc_per_node", "2",
            "--rdzv_backend", "c10d",
            "--rdzv_endpoint", f"127.0.0.1:{port}",
            "--rdzv_id", f"sim-{port}",
            "--rdzv_conf", f"is_host={'true' if node == 0 else 'false'}",
            "--node_rank", str(node),
        ])
    return args


def main(spec: dict) -> dict:
    rank, local_rank, world = (int(os.getenv(k)) for k in ("RANK", "LOCAL_RANK", "WORLD_SIZE"))
    dist.init_process_group(backend=spec["backend"], rank=rank, world_size=world)
    parts = torch.tensor_split(spec["data"], world)
    shard = parts[rank]
    acc = torch.zeros((), dtype=torch.float64)
    acc += shard.double().sum()
    dist.all_reduce(acc, op=dist.ReduceOp.SUM)
    return dict(rank=rank, local_rank=local_rank, world_size=world, shard=shard, total=acc.item())
