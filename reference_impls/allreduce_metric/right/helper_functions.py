# One helper all-reduces a Python number; the metrics are built from three such reductions.
import torch
import torch.distributed as dist


def global_sum(value: float) -> float:
    t = torch.tensor([value], dtype=torch.float64)
    if dist.get_backend() == "nccl":
        t = t.cuda()
    dist.all_reduce(t)
    return float(t.item())


def main(spec):
    dist.init_process_group(spec["backend"])
    losses = spec["losses"]
    if spec["backend"] == "nccl":
        torch.cuda.set_device(dist.get_rank() % torch.cuda.device_count())
    rank_mean = global_sum(float(losses.mean())) / dist.get_world_size()
    sample_mean = global_sum(float(losses.sum())) / global_sum(float(losses.numel()))
    return {"rank_mean": rank_mean, "sample_mean": sample_mean}
