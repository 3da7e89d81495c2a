"""Trusted checker data for `transpose_as_strided` (imported by the grader only).

Threat list (how a candidate gets this wrong -> what kills it):
- sizes swapped but strides kept -> 2d, 3d-outer.
- strides derived from the shape (as if x were contiguous) -> non-contiguous-input, float64-offset
  (sliced-offset's slice is row-major, so it cannot tell).
- storage offset 0 instead of x's -> sliced-offset.
- a copy (clone, or reshape(-1) of a non-contiguous x) instead of a view -> non-contiguous-input
  (shares-storage property).
- a view rebuilt with set_ on a float32 tensor (dtype lost) -> int64, float64-offset.
- negative dims, equal dims, size-1 and zero-size inputs -> negative-dims, same-dim, size-1, zero-size.
- a bad dim wrapped with % instead of raising IndexError as torch does -> dim-too-large-raises,
  dim-too-negative-raises: x.transpose raises, so the
  solution must raise (wrong/modulo_wraps_bad_dim, wrong/python_negative_index).
- low-rank inputs special-cased wrongly (a 0-dim tensor refused, or its valid dim range taken as
  [-2, 1] by clamping ndim to 2; a 1-d tensor sent down the 0-dim branch) -> 0-dim, 0-dim-dim-1-raises,
  1d, 1d-dim-minus-2-raises.
"""

import torch

from dlprep.checkers import domain
from dlprep.checkers.base import Case


def oracle(x, dim0, dim1):
    return x.transpose(dim0, dim1)


def public_cases():
    base = torch.arange(24.0).reshape(2, 3, 4)
    return [
        Case("2d", (torch.arange(6.0).reshape(2, 3), 0, 1)),
        Case("3d-outer", (base, 0, 2)),
        Case("same-dim", (base, 1, 1)),
        Case("negative-dims", (base, -1, -2)),
        Case("size-1", (torch.ones(1, 5, 1), 0, 2)),
        Case("non-contiguous-input", (base.permute(2, 0, 1), 0, 1)),
        Case("sliced-offset", (base[1, 1:, :], 0, 1)),
        Case("zero-size", (torch.empty(0, 3), 0, 1)),
        Case("int64", (torch.arange(12).reshape(3, 4), 0, 1)),
        # transpose raises on a dim outside [-ndim, ndim): `% ndim` would wrap it
        Case("dim-too-large-raises", (torch.arange(6.0).reshape(2, 3), 0, 2)),
        Case("dim-too-negative-raises", (torch.arange(6.0).reshape(2, 3), -3, 1)),
        # rank 0 and 1: torch accepts dims 0 and -1 on a 0-dim tensor, and nothing else
        Case("0-dim", (torch.tensor(3.0), 0, -1)),
        Case("0-dim-dim-1-raises", (torch.tensor(3.0), 1, 0)),
        Case("1d", (torch.arange(5.0)[1:], 0, -1)),
        Case("1d-dim-minus-2-raises", (torch.arange(5.0), -2, 0)),
        Case("float64-offset", (torch.arange(24.0, dtype=torch.float64).reshape(4, 6)[1:, 2:], -2, -1)),
    ]


def hidden_cases(gen, n):
    cases = []
    for i in range(n):
        ndim = int(torch.randint(2, 5, (), generator=gen))
        shape = torch.randint(1, 6, (ndim,), generator=gen).tolist()
        x = torch.randn(*shape, generator=gen)
        if i % 2:  # start from a permuted (non-contiguous) view half of the time
            x = x.permute(*torch.randperm(ndim, generator=gen).tolist())
        d0, d1 = torch.randint(0, ndim, (2,), generator=gen).tolist()
        cases.append(Case(f"random-{i}", (x, d0, d1)))
    return cases


def contract_case(point, gen):
    """x of any rank and layout (a slice, an offset, an expanded view, a dim of size 1 or 0 cut from
    a longer one), any pair of dims."""
    rank = int(point["rank"])
    sizes = torch.randint(1, 5, (rank,), generator=gen).tolist()
    if point["layout"] in ("unit_slice", "empty_slice"):
        # A dim of size 1 (or 0) cut from a longer one keeps the longer dim's stride: x may still be
        # contiguous by is_contiguous(), which ignores such strides, but transpose keeps them.
        d = int(torch.randint(0, rank, (), generator=gen))
        base = domain.tensor([s + 2 if i == d else s for i, s in enumerate(sizes)], gen, point["dtype"], "contiguous")
        x = base.narrow(d, 1, 1 if point["layout"] == "unit_slice" else 0)
    else:
        x = domain.tensor(sizes, gen, point["dtype"], point["layout"])
    d0, d1 = (int(v) for v in torch.randint(0, rank, (2,), generator=gen))
    if point["dims"] == "same":
        d1 = d0
    elif point["dims"] == "negative":
        d0, d1 = d0 - rank, d1 - rank
    elif point["dims"] == "mixed_sign":
        d1 = d1 - rank
    return Case("contract", (x, d0, d1))
