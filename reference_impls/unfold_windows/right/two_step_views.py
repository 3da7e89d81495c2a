# Builds the view in two as_strided steps: first the window index, then the window dim moved last.
import torch


def solve(x: torch.Tensor, size: int, step: int) -> torch.Tensor:
    if size > x.size(0) or step <= 0:
        raise RuntimeError("window longer than the dimension, or step not positive")
    n = (x.size(0) - size) // step + 1
    rest_sizes, rest_strides = list(x.shape[1:]), list(x.stride()[1:])
    # (n, size, *rest): the window index steps by `step` rows, the window dim by one row.
    first = x.as_strided([n, size, *rest_sizes], [step * x.stride(0), x.stride(0), *rest_strides])
    # move dim 1 to the end by reading first's own sizes/strides in a new order
    order = [0, *range(2, first.dim()), 1]
    return first.as_strided([first.size(d) for d in order], [first.stride(d) for d in order])
