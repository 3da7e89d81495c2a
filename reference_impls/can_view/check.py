"""Trusted checker data for `can_view`: torch's own view() is the oracle.

Threat list (how a candidate gets this wrong -> what kills it):
- "view needs a contiguous tensor" -> transposed-split-*, sliced-rows-keep.
- "a non-contiguous tensor may only split dims", missing merges inside a run of dims that are
  contiguous among themselves -> merge-within-run (and merge-across-gap for the converse).
- size-1 dims of the old shape treated as breaking a run -> size-one-dims, size-one-inside-run.
- size-1 dims of the new shape not skipped -> trailing-one, scalar.
- zero-size tensors run through the chunk rule -> zero-size.
- stride-0 (expanded) dims -> expanded, expanded-split; adjacent broadcast dims refused as a
  merge (they merge like any run: 0 == 0 * size) -> contract source=expanded_run.
- "always yes" (view is like reshape) -> transposed-flatten.
The answer is a plain bool from plain ints: no dtype, aliasing or error-path threats apply.
"""

import math

import torch

from dlprep.checkers.base import Case


def oracle(shape, stride, new_shape):
    base = torch.empty_strided(tuple(shape), tuple(stride))
    try:
        base.view(tuple(new_shape))
        return True
    except RuntimeError:
        return False


def public_cases():
    return [
        Case("contiguous-flatten", ((2, 3, 4), (12, 4, 1), (24,))),
        Case("transposed-flatten", ((3, 4), (1, 3), (12,))),
        Case("transposed-split-last", ((4, 3), (1, 4), (4, 3, 1))),
        Case("transposed-split-first", ((4, 6), (1, 4), (2, 2, 6))),
        Case("sliced-rows", ((2, 4), (8, 1), (8,))),
        Case("sliced-rows-keep", ((2, 4), (8, 1), (2, 2, 2))),
        Case("expanded", ((3, 4), (0, 1), (12,))),
        Case("expanded-split", ((3, 4), (0, 1), (3, 2, 2))),
        Case("size-one-dims", ((1, 5, 1), (99, 1, 7), (5,))),
        Case("size-one-insert", ((2, 3), (1, 2), (2, 1, 3))),
        Case("zero-size", ((0, 3), (3, 1), (3, 0))),
        Case("scalar", ((), (), (1, 1))),
        Case("merge-within-run", ((2, 3, 4), (15, 5, 1), (6, 4))),  # (2, 3, 5)[..., :4]
        Case("merge-across-gap", ((2, 3, 4), (15, 5, 1), (2, 12))),
        Case("size-one-inside-run", ((2, 1, 3), (3, 100, 1), (6,))),
        Case("trailing-one", ((2, 3), (3, 1), (6, 1))),
    ]


def hidden_cases(gen, n):
    cases = []
    while len(cases) < n:
        ndim = int(torch.randint(1, 5, (), generator=gen))
        shape = torch.randint(1, 5, (ndim,), generator=gen).tolist()
        t = torch.empty(shape).permute(*torch.randperm(ndim, generator=gen).tolist())
        if torch.rand((), generator=gen) < 0.5:  # a slice along the first dim adds a gap
            t = t[: max(1, t.shape[0] - 1)]
        new = _factorise(t.numel(), gen)  # a random factorisation of numel as the target shape
        cases.append(Case(f"random-{len(cases)}", (tuple(t.shape), tuple(t.stride()), tuple(new))))
    return cases


def _factorise(numel, gen):
    """A random factorisation of numel into at most 4 factors (the target shape of a view)."""
    new, left = [], numel
    while left > 1 and len(new) < 4:
        divs = [d for d in range(2, left + 1) if left % d == 0]
        d = divs[int(torch.randint(0, len(divs), (), generator=gen))]
        new.append(d)
        left //= d
    return new or [1]


def contract_case(point, gen):
    """A layout made by real view ops (a permutation, a slice, an expand, size-1 or size-0 dims)
    and a target shape of the same numel: a factorisation, a flatten, ones inserted, the same shape,
    or the last dim split."""
    ndim = int(torch.randint(2, 5, (), generator=gen))
    shape = torch.randint(1, 5, (ndim,), generator=gen).tolist()
    src = point["source"]
    if src == "size_one_dims":
        shape[int(torch.randint(0, ndim, (), generator=gen))] = 1
    if src == "zero_size":
        shape[int(torch.randint(0, ndim, (), generator=gen))] = 0
    t = torch.empty(shape)
    if src in ("permuted", "size_one_dims"):
        t = t.permute(*torch.randperm(ndim, generator=gen).tolist())
    elif src == "sliced":
        t = torch.empty([s + 1 for s in shape])[tuple(slice(0, s) for s in shape)]
    elif src == "expanded":
        t = torch.empty([1] + shape[1:]).expand(shape)
    elif src == "expanded_run":  # a run of adjacent broadcast dims (all of them, at times): stride 0
        lo = int(torch.randint(0, ndim - 1, (), generator=gen))  # next to stride 0 merges with them
        hi = int(torch.randint(lo + 2, ndim + 1, (), generator=gen))
        shape[lo:hi] = [max(s, 2) for s in shape[lo:hi]]
        t = torch.empty([1 if lo <= i < hi else s for i, s in enumerate(shape)]).expand(shape)
    numel, cur, kind = t.numel(), list(t.shape), point["target"]
    if src == "expanded_run" and kind == "flatten":  # the run merged into one dim: a view
        target = cur[:lo] + [math.prod(cur[lo:hi])] + cur[hi:]
        return Case("contract", (tuple(t.shape), tuple(t.stride()), tuple(target)))
    if kind == "factorised":
        target = _factorise(numel, gen) if numel else cur[::-1]
    elif kind == "flatten":
        target = [numel]
    elif kind == "insert_ones":
        target = [1] + cur[:1] + [1] + cur[1:]
    elif kind == "split_last" and cur[-1] % 2 == 0 and cur[-1] >= 2:
        target = cur[:-1] + [2, cur[-1] // 2]
    elif kind == "split_last":
        target = cur + [1]
    else:
        target = cur
    return Case("contract", (tuple(t.shape), tuple(t.stride()), tuple(target)))
