"""A straight-through estimator (STE) for sign(), as a custom torch.autograd.Function.

Binarised networks use sign(x) in the forward pass, but its true derivative is 0 almost
everywhere, so nothing upstream would ever learn. The straight-through estimator keeps the
forward exact and *pretends* in backward: the gradient passes straight through where |x| <= 1
(the derivative of clamp(x, -1, 1)) and is 0 where |x| > 1.

Implement `SignSTE`, a subclass of `torch.autograd.Function`, so that `SignSTE.apply(x)`:
- returns torch.sign(x) (so sign(0) == 0), same shape and dtype, for any float tensor;
- in backward returns grad_output where |x| <= 1 (boundary included) and 0 elsewhere.

The output's grad_fn must be SignSTE's own backward node. (Note that gradcheck would reject this
Function, and rightly so: the STE gradient is a deliberate surrogate, not the derivative.)
"""

import torch


class SignSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        raise NotImplementedError

    @staticmethod
    def backward(ctx, grad_output):
        raise NotImplementedError
