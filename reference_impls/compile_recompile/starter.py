"""Compile once for every input shape.

`masked_mean(x, n_valid)` averages the first n_valid positions of each sequence: x has shape
(B, T, D) and the result (B, D). It is called with a different B, T, D and n_valid on every step,
and each step should run the *same* compiled graph: recompiling costs far more than the step.

Implement `make_compiled(backend)` that returns a callable `f(x, n_valid)` computing
masked_mean(x, n_valid), compiled with `torch.compile(..., backend=backend)` - use the backend you
are given: the grader passes one that counts the graphs it is asked to compile. The grader calls f
on a schedule of shapes and requires exactly one compiled graph, every call running through it,
and the right values.

Plain `torch.compile(masked_mean, backend=backend)` compiles more than once on such a schedule.
Find out why (torch._dynamo.utils.guard_failures, or TORCH_LOGS=recompiles) and fix it; you may
change how masked_mean is written, as long as it returns the same values.

- x: float32 (B, T, D) with B, T, D >= 2 (all three vary between calls); n_valid: a Python int,
  2 <= n_valid <= T (sometimes equal to T); a schedule runs up to twelve calls.
"""

import torch


def masked_mean(x: torch.Tensor, n_valid: int) -> torch.Tensor:
    if n_valid == x.shape[1]:  # fast path: nothing to mask
        return x.mean(dim=1)
    return x[:, :n_valid].mean(dim=1)


def make_compiled(backend):
    raise NotImplementedError
