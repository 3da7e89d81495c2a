# The lower-level torch.library API: define the schema, then register the CPU kernel and the fake separately.
import numpy as np
import torch

torch.library.define("dlprep::moving_average", "(Tensor x, int w) -> Tensor")


@torch.library.impl("dlprep::moving_average", "cpu")
def _cpu(x, w):
    windows = np.lib.stride_tricks.sliding_window_view(x.numpy(), w, axis=-1)
    return torch.from_numpy(windows.mean(axis=-1).copy())


@torch.library.register_fake("dlprep::moving_average")
def _fake(x, w):
    return x.new_empty(x.shape[:-1] + (x.shape[-1] - w + 1,))


def solve(x, w):
    return x[..., w - 1:] - torch.ops.dlprep.moving_average(x, w)
