"""Inputs for the autograd exercises' contract points (grader side; see checkers/contract.py).

checkers/domain.py builds tensors whose values follow its own regimes; the autograd exercises need
values of their own (softplus's overflow thresholds, sign's boundary |x| = 1, NaN), so here the
values come from the exercise and only the shape and the memory layout are drawn from the point.
The layout is made by the view ops a caller would use (a transpose, a stepped slice, an expand),
and the autograd child copies inputs with their layout kept (child._same_layout).
"""

from __future__ import annotations

from collections.abc import Callable

import torch

from dlprep.checkers import domain

Values = Callable[[list[int], torch.Generator], torch.Tensor]  # contiguous float64 values of a shape


def shape(rank: int, size: str, gen: torch.Generator) -> list[int]:
    """A shape of `rank` dims: normal (2 to 6 per dim), one (every dim 1), empty (one dim 0), odd
    (odd sizes), large (about 4,000 elements). A 0-dim tensor has only one shape."""
    if rank == 0:
        return []
    if size == "one":
        return [1] * rank
    if size == "large":
        return {1: [4099], 2: [67, 61], 3: [17, 13, 19], 4: [9, 7, 11, 5]}[rank]
    dims = torch.randint(2, 7, (rank,), generator=gen).tolist()
    if size == "odd":
        dims = [d | 1 for d in dims]
    if size == "empty":
        dims[int(torch.randint(0, rank, (), generator=gen))] = 0
    return dims


def laid_out(dims: list[int], dtype: str, layout: str, values: Values, gen: torch.Generator) -> torch.Tensor:
    """A tensor of shape `dims` and dtype whose layout is `layout` (contiguous, transposed, stepped,
    offset, expanded), with values drawn by `values` for the memory it views."""
    dt = domain.dtype(dtype)
    rank = len(dims)
    if layout == "transposed" and rank < 2:
        layout = "stepped"  # nothing to swap: still not contiguous
    if layout == "contiguous" or rank == 0:
        return values(dims, gen).to(dt)
    if layout == "transposed":
        return values(dims[:-2] + [dims[-1], dims[-2]], gen).to(dt).transpose(-1, -2)
    if layout == "stepped":
        return values([2 * dims[0]] + dims[1:], gen).to(dt)[::2]
    if layout == "offset":
        return values([dims[0] + 1] + dims[1:], gen).to(dt)[1:]
    if layout == "expanded":
        return values([1] + dims[1:], gen).to(dt).expand(dims)
    raise ValueError(f"unknown layout {layout!r}")


def pick(choices: list[float], dims: list[int], gen: torch.Generator) -> torch.Tensor:
    """float64 values of shape `dims`, each one of `choices`."""
    table = torch.tensor(choices, dtype=torch.float64)
    return table[torch.randint(0, len(choices), dims, generator=gen)]
