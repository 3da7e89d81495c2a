# Advanced indexing with no range check: index -1 reads the last element, where torch.gather raises.
import torch


def solve(x: torch.Tensor, dim: int, index: torch.Tensor) -> torch.Tensor:
    grids = list(torch.meshgrid(*(torch.arange(s) for s in index.shape), indexing="ij"))
    grids[dim] = index
    return x[tuple(grids)]
