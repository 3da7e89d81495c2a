# Divides the all-reduced sum by this rank's count times the world size, as if every rank held as many samples.
# zh: 把 all-reduce 后的总和除以“本 rank 的样本数乘 world size”，相当于假定每个 rank 的样本一样多。
import torch.distributed as dist


def main(spec):
    dist.init_process_group(spec["backend"])
    losses, world = spec["losses"], dist.get_world_size()
    mean = losses.mean().reshape(1)
    dist.all_reduce(mean)
    total = losses.sum().reshape(1)
    dist.all_reduce(total)
    return {"rank_mean": mean.item() / world, "sample_mean": total.item() / (losses.numel() * world)}
