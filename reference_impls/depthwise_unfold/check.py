"""Trusted checker data for `depthwise_unfold`: F.conv2d with groups=C is the oracle.

Threat list (how a candidate gets this wrong -> what kills it):
- summing over channels as a full convolution does -> every case with C > 1.
- a flipped kernel (textbook convolution) -> every case with k > 1.
- unfold's rows read as (k*k, C) instead of (C, k*k) -> every case with C > 1 and k > 1.
- output size computed without the stride, or with H and W swapped -> stride-2, 3x3-valid (7x9).
- output size rounded up (a partial last window) -> stride-2-tail.
- shapes inferred from the first sample -> empty-batch.
- a float32 buffer or float32 detour for float64 input -> float64-cancellation (1e8 + small
  integers, a zero-sum kernel: exact in float64, off by up to 8 in float32).
- modifying x or weight in place -> the family compares every input after the call.
"""

import torch
import torch.nn.functional as F

from dlprep.checkers import domain
from dlprep.checkers.base import Case


def oracle(x, weight, stride, padding):
    return F.conv2d(x, weight, stride=stride, padding=padding, groups=x.shape[1])


def _case(gen, n, c, h, w, k, stride, padding):
    return (torch.randn(n, c, h, w, generator=gen), torch.randn(c, 1, k, k, generator=gen), stride, padding)


def _cancellation(gen):
    # Each output is x[i, j] - x[i, j + 1] (zero-sum kernel): small and exact in float64, while
    # 1e8 + k rounds to a multiple of 8 in float32.
    x = 1e8 + torch.randint(0, 8, (1, 2, 5, 6), generator=gen).double()
    weight = torch.zeros(2, 1, 3, 3, dtype=torch.float64)
    weight[:, 0, 1, 1], weight[:, 0, 1, 2] = 1.0, -1.0
    return (x, weight, 1, 0)


def public_cases():
    gen = torch.Generator().manual_seed(0)
    return [
        Case("3x3-same", _case(gen, 2, 3, 8, 8, 3, 1, 1)),
        Case("3x3-valid", _case(gen, 1, 4, 7, 9, 3, 1, 0)),
        Case("stride-2", _case(gen, 2, 2, 9, 9, 3, 2, 1)),
        Case("stride-2-tail", _case(gen, 1, 2, 8, 10, 3, 2, 1)),  # 8 + 2 - 3 = 7: the last row is dropped
        Case("1x1", _case(gen, 1, 5, 4, 4, 1, 1, 0)),
        Case("one-channel", _case(gen, 3, 1, 6, 5, 3, 1, 1)),
        Case("5x5-odd", _case(gen, 1, 3, 11, 13, 5, 2, 2)),
        Case("empty-batch", _case(gen, 0, 3, 5, 5, 3, 1, 1)),
        Case("float64-cancellation", _cancellation(gen)),
    ]


def hidden_cases(gen, n):
    cases = []
    for i in range(n):
        k = int(torch.randint(1, 4, (), generator=gen)) * 2 - 1
        stride = int(torch.randint(1, 3, (), generator=gen))
        padding = int(torch.randint(0, k // 2 + 1, (), generator=gen))
        h, w = (int(v) for v in torch.randint(k, k + 9, (2,), generator=gen))
        c = int(torch.randint(1, 6, (), generator=gen))
        cases.append(Case(f"random-{i}", _case(gen, 2, c, h, w, k, stride, padding)))
    return cases


def contract_case(point, gen):
    """Any odd kernel, stride and padding; x contiguous, channels_last or another strided view."""
    k, stride, padding = int(point["kernel"]), int(point["stride"]), int(point["padding"])
    n, c = (int(v) for v in torch.randint(1, 4, (2,), generator=gen))
    h, w = (int(v) for v in torch.randint(k, k + 7, (2,), generator=gen))
    x = domain.tensor((n, c, h, w), gen, point["dtype"], point["layout"])
    weight = domain.tensor((c, 1, k, k), gen, point["dtype"])
    return Case("contract", (x, weight, stride, padding))
