# The fake implementation returns a slice of x for the shape: a view of the input, not a new tensor.
import numpy as np
import torch


def moving_average_np(a, w):
    return np.lib.stride_tricks.sliding_window_view(a, w, axis=-1).mean(axis=-1)


@torch.library.custom_op("dlprep::moving_average", mutates_args=())
def moving_average(x: torch.Tensor, w: int) -> torch.Tensor:
    return torch.from_numpy(np.ascontiguousarray(moving_average_np(x.numpy(), w)))


@moving_average.register_fake
def _(x, w):
    return x[..., w - 1:]


def solve(x, w):
    return x[..., w - 1:] - torch.ops.dlprep.moving_average(x, w)
