"""Fix the bug: a logging helper that corrupts training.

In a training step, the model's output probabilities `probs = logits.softmax(-1)` (a non-leaf
tensor: softmax saved its output for backward) are passed to a helper that computes the
per-class surprisal -log(p) for a dashboard; the loss is computed from `probs` afterwards:

    def surprisal_buggy(probs):
        p = probs.detach()        # "detach, so that logging cannot touch the graph"
        p.clamp_(min=1e-6)        # avoid log(0)
        p.log_()
        p.neg_()
        return p

Training breaks: sometimes loss.backward() raises "one of the variables needed for gradient
computation has been modified by an inplace operation", and the probabilities used by the loss
are wrong.

Implement `solve(probs)`, the fixed helper. It must:
- return -log(max(p, 1e-6)) for every element p of probs, with no autograd history
  (requires_grad False, no grad_fn) and in its own memory;
- leave probs untouched, so that backpropagating through probs still works afterwards and gives
  the right gradient.
"""

import torch


def solve(probs):
    raise NotImplementedError
