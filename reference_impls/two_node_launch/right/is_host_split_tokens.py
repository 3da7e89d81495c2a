# options as separate tokens with underscore spellings, --nnodes=2:2 (fixed size written as a range), explicit is_host so only node 0 hosts the c10d store, --local_addr; async all_reduce + wait
import os

import torch
import torch.distributed as dist


def launch_args(port):
    def node(is_host):
        return ["--nnodes", "2:2", "--nproc_per_node", "2",
                "--rdzv_backend", "c10d", "--rdzv_endpoint", "127.0.0.1:%d" % port,
                "--rdzv_id", "two-node-%d" % port,
                "--rdzv_conf", "is_host=%s" % ("1" if is_host else "0"),
                "--local_addr", "127.0.0.1", "--max_restarts", "0"]
    return [node(True), node(False)]


def main(spec):
    env = os.environ
    rank, local_rank, world = (int(env[k]) for k in ("RANK", "LOCAL_RANK", "WORLD_SIZE"))
    dist.init_process_group(backend=spec["backend"], init_method="env://",
                            rank=rank, world_size=world)
    shard = spec["data"].tensor_split(world)[rank]
    acc = shard.sum().reshape(1)
    dist.all_reduce(acc, op=dist.ReduceOp.SUM, async_op=True).wait()
    return dict(rank=rank, local_rank=local_rank, world_size=world,
                shard=shard, total=float(acc[0]))
