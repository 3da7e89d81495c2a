"""Uneven inputs across ranks: DDP training under the Join context manager.

`main(spec)` runs in each of the 2 processes that `torchrun --nproc-per-node=2` starts. `spec` is a
dict:
    backend     "gloo" or "cpu:gloo" (CPU) or "nccl" (then each rank has its own GPU: use cuda:LOCAL_RANK);
                pass it to init_process_group as given
    batches     this rank's list of [x, y] batches, x of shape (b, d_in), y of shape (b, d_out);
                the ranks have DIFFERENT numbers of batches, and one rank's list may be empty
    weight      (d_out, d_in) and bias (d_out,): the initial parameters of nn.Linear(d_in, d_out)
                (float32, like the batches)
    lr          the learning rate

Initialise the default process group from torchrun's environment with `spec["backend"]`, build the
Linear with exactly those parameters and wrap it in DistributedDataParallel. Train one step per
batch of your own list, in list order: zero the gradients, nn.MSELoss() (mean) of model(x) against y, backward,
one torch.optim.SGD(lr=lr) step. Every batch of every rank must be trained on, and no rank may
wait forever for a peer that has run out of data: use the `Join` context manager
(torch.distributed.algorithms.join) with its default settings.

Return {"weight": ..., "bias": ...}: the final parameters as plain CPU tensors (`.detach().cpu()`).
Leave the process group initialised when you return: the grader destroys it once every rank is done.
The file is also imported once outside torchrun, to check that it loads: read the environment
inside your functions, not at module level.
"""

import torch


def main(spec: dict) -> dict[str, torch.Tensor]:
    raise NotImplementedError
