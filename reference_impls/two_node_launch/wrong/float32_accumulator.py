# shard cast with .float() before summing/all-reducing ("all_reduce wants float"): float64 or large int64 data loses precision in float32
# zh: 求和前先 .float()（以为 all_reduce 只收 float）：float64 或很大的 int64 数据在 float32 里丢失精度
import os, torch, torch.distributed as dist

def launch_args(port):
    common = ["--nnodes=2", "--nproc-per-node=2", "--rdzv-backend=c10d",
              f"--rdzv-endpoint=127.0.0.1:{port}", f"--rdzv-id=job{port}"]
    return [list(common), list(common)]

def main(spec):
    rank = int(os.environ["RANK"]); local_rank = int(os.environ["LOCAL_RANK"]); ws = int(os.environ["WORLD_SIZE"])
    if not dist.is_initialized():
        dist.init_process_group(spec["backend"])
    shard = spec["data"].tensor_split(ws)[rank]
    t = shard.float().sum()
    dist.all_reduce(t)
    return {"rank": rank, "local_rank": local_rank, "world_size": ws, "shard": shard, "total": float(t.item())}
