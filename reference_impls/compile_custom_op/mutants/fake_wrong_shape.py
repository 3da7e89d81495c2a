# The fake implementation copies the usual empty_like boilerplate: right dtype, but the input's shape, not (..., n - w + 1).
import numpy as np
import torch


@torch.library.custom_op("dlprep::moving_average", mutates_args=())
def moving_average(x: torch.Tensor, w: int) -> torch.Tensor:
    out = np.lib.stride_tricks.sliding_window_view(x.numpy(), w, axis=-1).mean(axis=-1)
    return torch.from_numpy(np.ascontiguousarray(out))


@moving_average.register_fake
def _(x, w):
    return torch.empty_like(x)


def solve(x, w):
    return x[..., w - 1:] - torch.ops.dlprep.moving_average(x, w)
