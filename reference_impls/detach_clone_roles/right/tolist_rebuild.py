# Rebuilds the owned copies from Python values (tolist, then torch.tensor with x's dtype), the tracked copy as x * 1, the shared view as detach().view(x.shape).
"""detach() vs clone(): four tensors with the same values and different relations to x."""
import torch


def solve(x):
    values = x.tolist()   # exact for float16/bfloat16/float32/float64 (Python floats are doubles)
    return {
        "shared_view": x.detach().view(x.shape),
        "snapshot": torch.tensor(values, dtype=x.dtype),
        "tracked_copy": x * 1,
        "new_leaf": torch.tensor(values, dtype=x.dtype, requires_grad=True),
    }
