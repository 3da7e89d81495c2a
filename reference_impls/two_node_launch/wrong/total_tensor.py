# Returns the all-reduced total as a 1-element tensor instead of a Python float
# zh: 把 all-reduce 后的总和作为单元素张量返回，而不是 Python 浮点数。
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
    shard = spec["data"].tensor_split(world)[rank]
    total = shard.sum().to(torch.float64).reshape(1)
    dist.all_reduce(total)
    return {"rank": rank, "local_rank": local_rank, "world_size": world, "shard": shard, "total": total}
