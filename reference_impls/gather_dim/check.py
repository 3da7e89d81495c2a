"""Trusted checker data for `gather_dim`: torch.gather is the oracle.

Threat list (how a candidate gets this wrong -> what kills it):
- index_select semantics (whole slices) -> rows-dim1, cols-dim0.
- x's sizes used for the other dims instead of index's -> smaller-index, 3d-middle.
- a linear index built from x.stride() and applied to the flattened x (wrong once x is not
  contiguous) -> transposed-x.
- a float32 output buffer filled in a loop -> int64-values, float64.
- meshgrid with indexing="xy" (first two dims swapped) -> smaller-index, transposed-x.
- negative dim, 1-d, empty index -> negative-dim, 1d, empty-index.
- a negative index that wraps (advanced indexing does; gather raises), an index >= size
  -> negative-index-raises, index-too-large-raises: the oracle (torch.gather) raises, so the
  solution must raise (any exception) (wrong/negative_index_wraps, wrong/clamps_index).
"""

import torch

from dlprep.checkers import domain
from dlprep.checkers.base import Case


def oracle(x, dim, index):
    return torch.gather(x, dim, index)


def _case(gen, shape, dim, idx_shape):
    x = torch.randn(*shape, generator=gen)
    index = torch.randint(0, shape[dim], idx_shape, generator=gen)
    return (x, dim, index)


def public_cases():
    gen = torch.Generator().manual_seed(0)
    x = torch.arange(12.0).reshape(3, 4)
    return [
        Case("rows-dim1", (x, 1, torch.tensor([[0, 0], [1, 3], [2, 1]]))),
        Case("cols-dim0", (x, 0, torch.tensor([[2, 1, 0, 0]]))),
        Case("negative-dim", (x, -1, torch.tensor([[3], [2], [1]]))),
        Case("smaller-index", _case(gen, (5, 6), 1, (2, 3))),
        Case("3d-middle", _case(gen, (2, 5, 3), 1, (2, 4, 3))),
        Case("1d", _case(gen, (7,), 0, (10,))),
        Case("empty-index", (x, 1, torch.empty(3, 0, dtype=torch.long))),
        Case("transposed-x", (torch.arange(20.0).reshape(4, 5).t(), 1, torch.tensor([[3, 0], [1, 1], [2, 3]]))),
        Case("int64-values", (torch.arange(24).reshape(2, 3, 4), 2, torch.tensor([[[3, 1]], [[0, 2]]]))),
        Case("float64", (torch.randn(4, 3, generator=gen, dtype=torch.float64), 0,
                         torch.tensor([[3, 0, 1], [1, 2, 2]]))),
        # gather raises on an index outside [0, size): advanced indexing would wrap -1 or read past
        Case("negative-index-raises", (x, 1, torch.tensor([[0, -1], [1, 2], [0, 0]]))),
        Case("index-too-large-raises", (x, 0, torch.tensor([[0, 3, 1, 0]]))),
    ]


def hidden_cases(gen, n):
    cases = []
    for i in range(n):
        ndim = int(torch.randint(1, 4, (), generator=gen))
        shape = torch.randint(1, 6, (ndim,), generator=gen).tolist()
        dim = int(torch.randint(0, ndim, (), generator=gen))
        idx_shape = [int(torch.randint(1, s + 1, (), generator=gen)) for s in shape]
        idx_shape[dim] = int(torch.randint(1, 8, (), generator=gen))
        cases.append(Case(f"random-{i}", _case(gen, shape, dim, idx_shape)))
    return cases


def contract_case(point, gen):
    """One case of the stated domain (contract.yaml): x of any rank, dtype and layout, an index of
    any layout that is smaller than x off `dim`, and of any length (0 included) along it."""
    rank = int(point["rank"])
    shape = torch.randint(2, 6, (rank,), generator=gen).tolist()
    dim = int(torch.randint(0, rank, (), generator=gen))
    idx_shape = [int(torch.randint(1, s + 1, (), generator=gen)) for s in shape]
    along = {"smaller": max(1, shape[dim] - 1), "equal": shape[dim], "longer": shape[dim] + 3, "empty": 0}
    idx_shape[dim] = along[point["index_shape"]]
    if point["index_shape"] == "equal":
        idx_shape = list(shape)
    x = domain.tensor(shape, gen, point["dtype"], point["layout"])
    # the index's own layout: built contiguous, then laid out as the point asks (values kept in range)
    raw = torch.randint(0, shape[dim], idx_shape, generator=gen)
    if point["index_layout"] == "transposed" and rank >= 2:
        raw = raw.transpose(-1, -2).contiguous().transpose(-1, -2)
    elif point["index_layout"] == "expanded" and idx_shape[0] > 1:
        raw = raw[:1].expand(idx_shape)
    return Case("contract", (x, dim - rank if point["dim"] == "negative" else dim, raw))
