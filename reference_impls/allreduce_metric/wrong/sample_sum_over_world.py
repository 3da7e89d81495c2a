# Divides the all-reduced sum of losses by the world size, as for the rank mean, instead of by the total count.
import torch.distributed as dist


def main(spec):
    dist.init_process_group(spec["backend"])
    losses, world = spec["losses"], dist.get_world_size()
    mean = losses.mean().reshape(1)
    dist.all_reduce(mean)
    total = losses.sum().reshape(1)
    dist.all_reduce(total)
    return {"rank_mean": mean.item() / world, "sample_mean": total.item() / world}
