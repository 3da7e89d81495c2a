import numpy as np
import torch


def moving_average_np(a: np.ndarray, w: int) -> np.ndarray:
    return np.lib.stride_tricks.sliding_window_view(a, w, axis=-1).mean(axis=-1)


@torch.library.custom_op("dlprep::moving_average", mutates_args=())
def moving_average(x: torch.Tensor, w: int) -> torch.Tensor:
    # Runs on real tensors only; Dynamo never looks inside, it sees one opaque op.
    return torch.from_numpy(np.ascontiguousarray(moving_average_np(x.numpy(), w)))


@moving_average.register_fake
def _(x: torch.Tensor, w: int) -> torch.Tensor:
    # Shapes and dtype only: what torch.compile needs to trace through the op.
    return x.new_empty((*x.shape[:-1], x.shape[-1] - w + 1))


def solve(x: torch.Tensor, w: int) -> torch.Tensor:
    return x[..., w - 1:] - torch.ops.dlprep.moving_average(x, w)
