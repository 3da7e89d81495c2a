"""Trusted checker data for `can_view`: torch's own view() is the oracle.

Threat list (how a candidate gets this wrong -> what kills it):
- "view needs a contiguous tensor" -> transposed-split-*, sliced-rows-keep.
- "a non-contiguous tensor may only split dims", missing merges inside a run of dims that are
  contiguous among themselves -> merge-within-run (and merge-across-gap for the converse).
- size-1 dims of the old shape treated as breaking a run -> size-one-dims, size-one-inside-run.
- size-1 dims of the new shape not skipped -> trailing-one, scalar.
- zero-size tensors run through the chunk rule -> zero-size.
- stride-0 (expanded) dims -> expanded, expanded-split.
- "always yes" (view is like reshape) -> transposed-flatten.
The answer is a plain bool from plain ints: no dtype, aliasing or error-path threats apply.
"""

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
        numel = t.numel()
        # a random factorisation of numel as the target shape
        new, left = [], numel
        while left > 1 and len(new) < 4:
            divs = [d for d in range(2, left + 1) if left % d == 0]
            d = divs[int(torch.randint(0, len(divs), (), generator=gen))]
            new.append(d)
            left //= d
        new = new or [1]
        cases.append(Case(f"random-{len(cases)}", (tuple(t.shape), tuple(t.stride()), tuple(new))))
    return cases
