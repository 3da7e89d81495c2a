# Right values through a copy: repeat() materialises the broadcast.
import torch


def solve(x, shape):
    shape = tuple(shape)
    x = x.reshape((1,) * (len(shape) - x.dim()) + tuple(x.shape))
    reps = [t // s for t, s in zip(shape, x.shape)] if all(shape) else list(shape)
    return x.repeat(*reps) if all(shape) else x.new_empty(shape)
