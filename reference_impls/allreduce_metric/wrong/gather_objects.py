# Collects every rank's losses with all_gather_object and sums them in Python instead of using all_reduce.
# zh: 用 all_gather_object 收集各 rank 的损失值并在 Python 里求和，没有用 all_reduce。
import torch.distributed as dist


def main(spec):
    dist.init_process_group(spec["backend"])
    mine = spec["losses"].tolist()
    everyone = [None] * dist.get_world_size()
    dist.all_gather_object(everyone, mine)
    means = [sum(v) / len(v) for v in everyone]
    flat = [x for v in everyone for x in v]
    return {"rank_mean": sum(means) / len(means), "sample_mean": sum(flat) / len(flat)}
