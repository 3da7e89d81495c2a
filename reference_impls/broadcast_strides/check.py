"""Trusted checker data for `broadcast_strides`: torch.broadcast_to is the oracle.

Threat list (how a candidate gets this wrong -> what kills it):
- keeping the stride of a size-1 dim that grows -> column, size-one-middle.
- a copy (repeat/clone) instead of a view -> the family's shares-storage property.
- strides derived from x's shape instead of x.stride() -> transposed-kept, stepped-slice.
- storage_offset 0 passed to as_strided -> offset-slice (x starts inside its storage).
- aligning shapes from the left, or a non-zero stride for a new leading dim -> new-leading-dims.
- scalar and zero-size targets -> scalar, zero-size-target.
- broadcasting a size that is neither 1 nor equal (or to fewer dims) silently, where torch raises
  -> size-mismatch-raises, middle-mismatch-raises: torch.broadcast_to raises, so the
  solution must raise (wrong/no_size_check, wrong/zero_stride_when_differs).
- a target with fewer dims than x accepted by aligning from the right and dropping x's leading
  dims (tempting when they are size 1), or a rank check off by one -> fewer-dims-raises (one dim
  fewer, the dropped dim of size 1), two-fewer-dims-raises.
"""

import torch

from dlprep.checkers import domain
from dlprep.checkers.base import Case


def oracle(x, shape):
    return torch.broadcast_to(x, shape)


def public_cases():
    v = torch.arange(3.0)
    return [
        Case("vector-to-matrix", (v, (4, 3))),
        Case("column", (v.reshape(3, 1), (3, 5))),
        Case("new-leading-dims", (v, (2, 2, 3))),
        Case("size-one-middle", (torch.arange(6.0).reshape(2, 1, 3), (2, 4, 3))),
        Case("identity", (torch.arange(6.0).reshape(2, 3), (2, 3))),
        Case("scalar", (torch.tensor(7.0), (2, 2))),
        Case("non-contiguous", (torch.arange(6.0).reshape(3, 2).t()[:, :1], (2, 5))),
        Case("zero-size-target", (v.reshape(1, 3), (0, 3))),
        Case("transposed-kept", (torch.arange(12.0).reshape(3, 4).t(), (2, 4, 3))),
        Case("stepped-slice", (torch.arange(12.0)[::3].reshape(4, 1), (4, 3))),
        # expand raises where a dim of size > 1 differs from the target's
        Case("size-mismatch-raises", (v, (4, 4))),
        Case("middle-mismatch-raises", (torch.arange(6.0).reshape(2, 3), (2, 2))),
        # broadcast_to raises on a target with fewer dims than x, even if the extra dims are size 1
        Case("fewer-dims-raises", (torch.arange(3.0).reshape(1, 3), (3,))),
        Case("two-fewer-dims-raises", (torch.arange(6.0).reshape(2, 1, 3), (3,))),
        Case("offset-slice", (torch.arange(10.0)[4:7], (2, 3))),
    ]


def hidden_cases(gen, n):
    cases = []
    for i in range(n):
        ndim = int(torch.randint(1, 4, (), generator=gen))
        target = torch.randint(1, 5, (ndim,), generator=gen).tolist()
        src = [s if torch.rand((), generator=gen) < 0.5 else 1 for s in target]
        drop = int(torch.randint(0, ndim, (), generator=gen))
        x = torch.randn(*src[drop:], generator=gen)
        extra = torch.randint(1, 3, (int(torch.randint(0, 2, (), generator=gen)),), generator=gen).tolist()
        cases.append(Case(f"random-{i}", (x, tuple(extra + target))))
    return cases


def contract_case(point, gen):
    """x of any rank (0-d included) and layout (already expanded too), broadcast by new leading
    dims, by its size-1 dims, to its own shape, or to a size-0 dim."""
    rank = int(point["rank"])
    shape = torch.randint(1, 4, (rank,), generator=gen).tolist()
    if rank and point["target"] in ("size_one_dims", "zero_size"):
        shape[int(torch.randint(0, rank, (), generator=gen))] = 1
    x = domain.tensor(shape, gen, point["dtype"], point["layout"] if rank else "contiguous")
    target = list(shape)
    if point["target"] == "new_leading" or not rank:
        target = torch.randint(1, 4, (int(torch.randint(1, 3, (), generator=gen)),), generator=gen).tolist() + target
    if point["target"] in ("size_one_dims", "zero_size"):
        grow = 0 if point["target"] == "zero_size" else int(torch.randint(2, 5, (), generator=gen))
        target = [grow if s == 1 else s for s in target] if rank else target
    return Case("contract", (x, tuple(target)))
