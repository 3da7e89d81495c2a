"""Data-parallel training with DistributedDataParallel and DistributedSampler.

`main(spec)` runs in each of the 2 processes that `torchrun --nproc-per-node=2` starts (torchrun sets
RANK, LOCAL_RANK and WORLD_SIZE). `spec` is a dict:
    backend     "gloo" or "cpu:gloo" (CPU) or "nccl" (then each rank has its own GPU: use cuda:LOCAL_RANK);
                pass it to init_process_group as given
    dataset     a map-style dataset of (x, y) pairs, x of shape (d_in,), y of shape (d_out,)
    weight      (d_out, d_in) and bias (d_out,): the initial parameters of nn.Linear(d_in, d_out)
    lr, epochs, batch_size (per rank)

Initialise the default process group from torchrun's environment with `spec["backend"]`, build the
Linear with exactly those parameters and wrap it in DistributedDataParallel. Load the dataset with a
DataLoader (batch_size per rank, num_workers=0) and a DistributedSampler with shuffle=True, so each
rank trains on its own part. For each epoch, and per batch: zero the gradients, nn.MSELoss() (mean)
of model(x) against y, backward, one torch.optim.SGD(lr=lr) step (no momentum).

Return {"weight": ..., "bias": ...}: the final parameters as plain CPU tensors (`.detach().cpu()`).
The grader checks that every rank ends with the same parameters, equal to one process training on
the same global batches; that per epoch the ranks' shards are disjoint and cover the dataset; and
that each epoch reads them in a new order. Leave the process group initialised when you return:
the grader destroys it once every rank is done.
The file is also imported once outside torchrun, to check that it loads: read the environment
inside your functions, not at module level.
"""

import torch


def main(spec: dict) -> dict[str, torch.Tensor]:
    raise NotImplementedError
