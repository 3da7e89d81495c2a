# No custom op: the NumPy helper is called directly, which Dynamo cannot trace (a graph break).
import numpy as np
import torch


def moving_average_np(a, w):
    return np.lib.stride_tricks.sliding_window_view(a, w, axis=-1).mean(axis=-1)


def solve(x, w):
    return x[..., w - 1:] - torch.from_numpy(moving_average_np(x.numpy(), w))
