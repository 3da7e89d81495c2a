# Initialises the process group only on the first call (a module-level flag): a second job in the same workers finds no group
# zh: 只在第一次调用时初始化进程组（模块级标志）：同一批 worker 里的第二个任务找不到进程组。
import os

import torch.distributed as dist

_started = False


def launch_args(port):
    opts = ["--nnodes=2", "--nproc-per-node=2", "--rdzv-backend=c10d", f"--rdzv-endpoint=127.0.0.1:{port}",
            "--rdzv-id=sim"]
    return [opts, list(opts)]


def main(spec):
    global _started
    if not _started:
        dist.init_process_group(spec["backend"])
        _started = True
    rank, local_rank, world = (int(os.environ[k]) for k in ("RANK", "LOCAL_RANK", "WORLD_SIZE"))
    shard = spec["data"].tensor_split(world)[rank]
    total = shard.sum().reshape(1)
    dist.all_reduce(total)
    return {"rank": rank, "local_rank": local_rank, "world_size": world, "shard": shard, "total": float(total)}
