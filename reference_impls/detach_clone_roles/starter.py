"""detach() vs clone(): four tensors with the same values and different relations to x.

`x` is a leaf tensor with requires_grad=True. Implement `solve(x)` returning a dict with:

- "shared_view":  x's values without autograd history (requires_grad False, no grad_fn), sharing
                  x's storage: an in-place write into it shows up in x.
- "snapshot":     x's values without autograd history, in its own storage: later writes to x do not
                  change it (and writing into it does not change x).
- "tracked_copy": x's values in its own storage that still belong to the graph: a loss computed from
                  it backpropagates into x (d tracked_copy.sum() / dx = 1).
- "new_leaf":     x's values in its own storage, as a brand-new leaf that requires grad: gradients
                  accumulate in its own .grad and never reach x.

The grader checks the values, requires_grad, whether there is a grad_fn, which inputs each
result shares storage with, and where the gradient of each result's sum goes.
"""

import torch


def solve(x):
    raise NotImplementedError
