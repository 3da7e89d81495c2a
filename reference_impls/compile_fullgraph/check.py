"""Trusted checker data for `compile_fullgraph` (imported by the grader only).

Inputs are drawn from small dyadic grids, so every product and every division by the peak is
exact in float32: h lands exactly on the boundaries often, where np.digitize and a bucketize with
the wrong `right=` disagree, and the original and a rewrite compute bit-identical h.

Threat list (how a candidate gets this wrong -> what kills it):
- a graph break left (print, .item() with a Python if) -> the family's explain / fullgraph compile.
- the branch dropped, or taken at equality (>=) -> below-threshold, peak-equals-threshold.
- dividing by max(peak, threshold) -> below-threshold.
- bucketize with right=False, or counting boundaries strictly below h -> every case (h often
  lands exactly on a boundary).
- int32 codes (out_int32=True) -> dtype check.
- 3-d, non-contiguous and all-zero inputs (0/0 in the branch not taken) -> batched-3d,
  non-contiguous-x, all-zero.
- x.view(-1, k) to flatten the leading dims -> contract layouts transposed/stepped at rank >= 3
  (sizes >= 2, so the view cannot succeed through a size-1 dim).
- the comparison made on the float32 tensor (threshold rounded to float32) -> contract threshold
  just_below (within half an ulp below the peak).
- h * (1 / peak) instead of h / peak (an ulp off) -> h compared exactly (config rtol = atol = 0).
"""

import numpy as np
import torch

from dlprep.checkers.base import Case

PROBE = "fullgraph"
BOUNDARIES = [-1.0, -0.25, 0.0, 0.25, 1.0]
X_VALUES = [-1.0, -0.5, 0.0, 0.5, 1.0]
W_VALUES = [-0.5, -0.25, 0.0, 0.25, 0.5]


def oracle(x, w, threshold):
    """The starter's `original` without its print: what solve must return."""
    h = x @ w
    peak = h.abs().max().item()
    if peak > threshold:
        h = h / peak
    return h, torch.from_numpy(np.digitize(h.numpy(), BOUNDARIES))


def _grid(gen, shape, values):
    return torch.tensor(values)[torch.randint(len(values), shape, generator=gen)]


def _peak(x, w):
    return float((x @ w).abs().max())


def public_cases():
    gen = torch.Generator().manual_seed(1234)
    x, w = _grid(gen, (6, 4), X_VALUES), _grid(gen, (4, 5), W_VALUES)
    x3, w3 = _grid(gen, (2, 3, 4), X_VALUES), _grid(gen, (4, 6), W_VALUES)
    xt = _grid(gen, (4, 5), X_VALUES).t()  # (5, 4), non-contiguous
    return [
        Case("below-threshold", (x, w, 100.0)),
        Case("above-threshold", (x, w, 0.25)),
        Case("peak-equals-threshold", (x, w, _peak(x, w))),
        Case("batched-3d", (x3, w3, 0.5)),
        Case("one-row", (_grid(gen, (1, 7), X_VALUES), _grid(gen, (7, 3), W_VALUES), 0.0)),
        Case("non-contiguous-x", (xt, _grid(gen, (4, 3), W_VALUES), 1.0)),
        Case("all-zero", (torch.zeros(3, 4), _grid(gen, (4, 2), W_VALUES), 0.0)),
    ]


def hidden_cases(gen, n):
    cases = []
    for i in range(n):
        rows, k, m = torch.randint(1, 10, (3,), generator=gen).tolist()
        x, w = _grid(gen, (rows, k), X_VALUES), _grid(gen, (k, m), W_VALUES)
        threshold = [0.0, 0.25, 0.5, 1.0, 100.0, _peak(x, w)][int(torch.randint(6, (), generator=gen))]
        cases.append(Case(f"random-{i}", (x, w, threshold)))
    return cases


def contract_case(point, gen):
    """One case of the stated domain (contract.yaml): x of any rank (a vector too) and layout, on the
    dyadic grid or all zeros (sizes >= 2 when non-contiguous), and a threshold below, above,
    exactly at, or just below the peak (closer than float32 resolves), or zero."""
    rank = int(point["rank"])
    # A non-contiguous x gets sizes >= 2: with a size-1 dim, x.view(-1, k) would still succeed.
    low = 1 if point["layout"] == "contiguous" else 2
    k, m = torch.randint(low, 7, (2,), generator=gen).tolist()
    lead = torch.randint(low, 5, (rank - 1,), generator=gen).tolist()
    shape = [*lead, k]
    if point["layout"] == "transposed" and rank >= 2:  # the last two dims swapped in memory
        x = _grid(gen, [*shape[:-2], shape[-1], shape[-2]], X_VALUES).transpose(-1, -2)
    elif point["layout"] in ("transposed", "stepped"):  # every other element of a longer tensor
        x = _grid(gen, [2 * shape[0], *shape[1:]], X_VALUES)[::2]
    else:
        x = _grid(gen, shape, X_VALUES)
    if point["values"] == "zeros":
        x = x * 0.0
    w = _grid(gen, (k, m), W_VALUES)
    peak = _peak(x, w)
    # just_below: closer to the peak than float32 resolves, so float32(threshold) == peak; original's
    # double comparison normalises, a comparison on the float32 tensor does not.
    threshold = {"below": peak + 1.0, "above": peak / 2, "equal": peak, "zero": 0.0,
                 "just_below": peak * (1 - 2.0 ** -30)}[point["threshold"]]
    return Case("contract", (x, w, float(threshold)))
