"""A column-then-row tensor-parallel MLP over 2 ranks (Megatron-style), forward and backward.

`main(spec)` runs in each of the 2 processes that `torchrun --nproc-per-node=2` starts. The model
is y = gelu(x @ W1.T + b1) @ W2.T + b2 (F.gelu, exact erf form), with W1 of shape (hidden, d_in)
split by rows and W2 of shape (d_out, hidden) split by columns: rank r holds hidden units
r*hidden/2 .. (r+1)*hidden/2 - 1. `spec` is a dict of float32 CPU tensors:
    backend   "gloo" or "cpu:gloo" (CPU), or "nccl": then compute on cuda:LOCAL_RANK; pass it as given
    x         (batch, d_in), the same on both ranks
    w1, b1    this rank's rows of W1 (hidden/2, d_in) and entries of b1 (hidden/2,)
    w2        this rank's columns of W2 (d_out, hidden/2)
    b2        (d_out,), the same on both ranks
    grad_y    (batch, d_out), the same on both ranks: the loss is (y * grad_y).sum()
batch, d_in and d_out are 3..6 and hidden is an even 6..12. Initialise the default process group
with spec["backend"], run the forward pass, call backward on that loss, and return on every rank
{"y": y, "grad_x": dL/dx, "grad_w1": dL/dw1, "grad_b1": dL/db1, "grad_w2": dL/dw2, "grad_b2": dL/db2}
as float tensors: y, grad_x and grad_b2 are the full, replicated values and must equal the
single-process model's on both ranks; grad_w1, grad_b1 and grad_w2 are the gradients of this
rank's shards, equal to the matching slices of the single-process model's gradients. Tolerance:
rtol 1e-4, atol 1e-5 against a float64 single-process run.

Communicate only with torch.distributed.all_reduce called from your own code (inside a
torch.autograd.Function's forward or backward is fine), exactly twice per rank: once in the
forward pass and once in the backward pass. Gathering or broadcasting collectives
(all_gather, broadcast, send/recv, ...) fail the run. Leave the process group initialised when you
return: the grader destroys it once every rank is done. The file is also imported once outside
torchrun, to check that it loads: read the environment inside your functions, not at module level.
"""

import torch
import torch.distributed as dist


def main(spec: dict) -> dict[str, torch.Tensor]:
    raise NotImplementedError
