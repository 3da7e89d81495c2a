"""Gradient checkpointing: trade recomputation for memory.

The model is a deep stack of layers:

    h = x
    for W in weights:
        h = torch.tanh(h @ W)
    return h

Run plainly, autograd keeps three tensors per layer for backward (h and W for the matmul, tanh's
output). Implement `solve(x, weights, segments)` that returns the same output but keeps far less:
split the layers into `segments` consecutive groups (1 <= segments <= len(weights)) and
checkpoint every group, so that only what a group needs to start over (its input, and the
weights it uses) is kept; backward recomputes the inside of each group. Use
`torch.utils.checkpoint.checkpoint(fn, *args, use_reentrant=False)` or write the recomputation as
your own autograd.Function.

The grader calls solve() with x and every W requiring grad, backpropagates a random gradient and
checks:
- the output and the gradients of x and of every W equal the plain model's;
- the number of tensors autograd saves during your forward (counted with
  torch.autograd.graph.saved_tensors_hooks) is below the plain model's and at most
  segments + len(weights).
Keep the graph connected: a segment's input must be the previous segment's output itself.
Note that torch.utils.checkpoint.checkpoint_sequential leaves its last segment un-checkpointed,
so it keeps more than this exercise allows.
"""

import torch


def solve(x, weights, segments):
    raise NotImplementedError
