# A custom op without register_fake: it works eagerly, but torch.compile cannot trace it with fake tensors.
import numpy as np
import torch


@torch.library.custom_op("dlprep::moving_average", mutates_args=())
def moving_average(x: torch.Tensor, w: int) -> torch.Tensor:
    out = np.lib.stride_tricks.sliding_window_view(x.numpy(), w, axis=-1).mean(axis=-1)
    return torch.from_numpy(np.ascontiguousarray(out))


def solve(x, w):
    return x[..., w - 1:] - torch.ops.dlprep.moving_average(x, w)
