"""Averaging a metric across ranks with all_reduce.

`main(spec)` runs in each of the 2 processes that `torchrun --nproc-per-node=2` starts. `spec` is a
dict: `backend` ("gloo" or "cpu:gloo" on CPU, or "nccl": then use cuda:LOCAL_RANK; pass it as given) and `losses`, this rank's
1-D float tensor of per-sample losses. The ranks hold different numbers of samples.

Initialise the default process group from torchrun's environment with `spec["backend"]`, then use
`torch.distributed.all_reduce` to compute two global metrics and return them on every rank as
Python floats: {"rank_mean": ..., "sample_mean": ...}
    rank_mean    the average over ranks of each rank's mean loss (what a training loop usually logs)
    sample_mean  the mean loss over all samples of all ranks
Leave the process group initialised when you return: the grader destroys it once every rank is done.
The file is also imported once outside torchrun, to check that it loads: read the environment
inside your functions, not at module level.
"""


def main(spec: dict) -> dict[str, float]:
    raise NotImplementedError
