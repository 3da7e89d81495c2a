# Builds the permutation that swaps the two dims and gathers sizes and strides through it.
import torch


def solve(x: torch.Tensor, dim0: int, dim1: int) -> torch.Tensor:
    n = x.dim()
    for d in (dim0, dim1):
        if not -max(n, 1) <= d < max(n, 1):
            raise IndexError(f"dim {d} out of range for a {n}-d tensor")
    a, b = dim0 % max(n, 1), dim1 % max(n, 1)
    order = list(range(n))
    if n:
        order[a], order[b] = b, a
    return x.as_strided([x.size(i) for i in order], [x.stride(i) for i in order], x.storage_offset())


if __name__ == "__main__":
    t = torch.arange(24.0).view(2, 3, 4)[1]
    assert solve(t, 0, 1).stride() == (1, 4) and solve(t, 0, 1).storage_offset() == 12
    print("ok")
