# Right values through a copy: repeat() materialises the broadcast.
# zh: 值是对的，但靠的是拷贝：repeat() 把广播结果实际复制了出来。
import torch


def solve(x, shape):
    shape = tuple(shape)
    x = x.reshape((1,) * (len(shape) - x.dim()) + tuple(x.shape))
    reps = [t // s for t, s in zip(shape, x.shape)] if all(shape) else list(shape)
    return x.repeat(*reps) if all(shape) else x.new_empty(shape)
