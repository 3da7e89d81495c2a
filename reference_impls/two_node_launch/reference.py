import os

import torch.distributed as dist


def launch_args(port):
    # Every node names the same rendezvous (backend, endpoint, id) and the same shape of job;
    # with c10d the node ranks are assigned at the rendezvous, --node-rank is only a hint.
    common = ["--nnodes=2", "--nproc-per-node=2", "--rdzv-backend=c10d", f"--rdzv-endpoint=127.0.0.1:{port}",
              "--rdzv-id=two-nodes"]
    return [[*common, "--node-rank=0"], [*common, "--node-rank=1"]]


def main(spec):
    rank = int(os.environ["RANK"])  # global: node rank * processes per node + local rank
    local_rank = int(os.environ["LOCAL_RANK"])  # within this node: picks the GPU
    world_size = int(os.environ["WORLD_SIZE"])  # all processes of all nodes
    dist.init_process_group(spec["backend"])
    shard = spec["data"].tensor_split(world_size)[rank]
    total = shard.sum().reshape(1)  # in the data's own dtype: float64 and int64 keep their precision
    dist.all_reduce(total)
    return {"rank": rank, "local_rank": local_rank, "world_size": world_size, "shard": shard,
            "total": float(total.item())}
