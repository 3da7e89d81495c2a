# Builds the result with np.asarray(..., dtype=np.float64), so float32 input gives a float64 output.
import numpy as np
import torch


def moving_average_np(a, w):
    return np.lib.stride_tricks.sliding_window_view(a, w, axis=-1).mean(axis=-1)


@torch.library.custom_op("dlprep::moving_average", mutates_args=())
def moving_average(x: torch.Tensor, w: int) -> torch.Tensor:
    return torch.from_numpy(np.asarray(moving_average_np(x.numpy(), w), dtype=np.float64))


@moving_average.register_fake
def _(x, w):
    return x.new_empty((*x.shape[:-1], x.shape[-1] - w + 1))


def solve(x, w):
    return x[..., w - 1:] - torch.ops.dlprep.moving_average(x, w)
