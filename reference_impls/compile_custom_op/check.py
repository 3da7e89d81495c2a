"""Trusted checker data for `compile_custom_op` (imported by the grader only).

Threat list (how a candidate gets this wrong -> what kills it):
- no custom op (NumPy called directly: a graph break) -> the fullgraph compile.
- no register_fake -> the fullgraph compile / opcheck.
- a fake with the input's shape, float32 always, or a view of the input -> fake-vs-real
  comparison and opcheck (3d-float64 for the dtype).
- the real kernel returning x itself for w == 1 (an alias) -> window-1 (torch rejects it).
- the real kernel computing in float64 for float32 input -> opcheck (fake vs real dtype).
- off-by-one slicing in solve -> values, every case; window-equals-length, non-contiguous.
- a fake or a real kernel that assumes contiguous or float32 input -> contract axes layout and
  dtype, every pair (rank and window drawn for each point).
- a real kernel that flattens with x.view(-1, n) -> contract layout permuted (3-d, leading dims
  swapped: no such view exists).
- a running-sum (cumsum) moving average in float32 -> contract values offset (1e4 over 1000-2000
  steps, windows of 2-16: the sum's rounding, ~1, over w swamps the differences; a right float32
  mean of <= 16 values errs ~1e-3, within error_scale's rounding of 1e4).
- a real output left strided (NumPy's result for a strided x) -> the real output's strides compared
  with the fake's on every case (opcheck runs on the first input only).
"""

import torch

from dlprep.checkers.base import Case

PROBE = "custom_op"
PROBE_OPTIONS = {"op": "dlprep::moving_average"}


def op_oracle(x, w):
    """Mean of every window of w consecutive values along the last dim ('valid' windows only)."""
    return x.unfold(-1, w, 1).mean(-1)


def oracle(x, w):
    """The starter's `original`: x minus its trailing moving average."""
    return x[..., w - 1:] - op_oracle(x, w)


def public_cases():
    gen = torch.Generator().manual_seed(99)
    x = torch.randn(4, 12, generator=gen)
    return [
        Case("window-3", (x, 3)),
        Case("window-1", (x, 1)),
        Case("window-equals-length", (x, 12)),
        Case("1d", (torch.randn(9, generator=gen), 4)),
        Case("3d-float64", (torch.randn(2, 3, 10, generator=gen, dtype=torch.float64), 5)),
        Case("non-contiguous", (torch.randn(11, 3, generator=gen).t(), 2)),
    ]


def hidden_cases(gen, n):
    return []  # the contract's points are the hidden cases: dtypes x layouts


def error_scale(x, w):
    """x - mean(window of x): the terms are x's own values, so a float32 mean of values around 1e4
    is judged within the rounding of 1e4, not of the small difference it leaves (per output, the
    largest |value| of its window)."""
    return x.abs().unfold(-1, w, 1).amax(-1)


def contract_case(point, gen):
    """One case of the stated domain (contract.yaml): x of rank 1 to 3 (drawn), float32 or float64,
    contiguous, strided (a matrix or 3-d x transposed in its last two dims or stepped, a vector
    stepped: every other element of a longer one) or permuted (3-d, leading dims swapped: no
    view(-1, n) of it exists), values centred or around an offset of 1e4 over 1000 to 2000 steps with
    a window of 2 to 16 (a running sum in float32 loses the small differences), else a window of 1,
    the whole length or between (drawn)."""
    dtype = getattr(torch, point["dtype"])
    rank = 3 if point["layout"] == "permuted" else int(torch.randint(1, 4, (), generator=gen))
    offset = point.get("values") == "offset"
    n = int(torch.randint(1000, 2001, (), generator=gen)) if offset else int(torch.randint(3, 25, (), generator=gen))
    shape = [*torch.randint(2, 5, (rank - 1,), generator=gen).tolist(), n]  # no size-1 dim: truly strided
    transpose = point["layout"] == "strided" and rank >= 2 and bool(torch.randint(2, (), generator=gen))
    if point["layout"] == "permuted":
        x = torch.randn(shape[1], shape[0], n, generator=gen, dtype=dtype).permute(1, 0, 2)
    elif transpose:
        x = torch.randn(*shape[:-2], shape[-1], shape[-2], generator=gen, dtype=dtype).transpose(-1, -2)
    elif point["layout"] == "strided":
        x = torch.randn(*shape[:-1], 2 * n, generator=gen, dtype=dtype)[..., ::2]
    else:
        x = torch.randn(*shape, generator=gen, dtype=dtype)
    if offset:
        # A short window far into a long row: a running sum's rounding there (~1 at 1e7) divided by
        # w >= 0.06 stands out, while a direct float32 mean of <= 16 values errs by < 16 ulps of 1e4.
        # (Over a long window both round alike: no case can tell them apart there.)
        x = x + 1e4
        w = int(torch.randint(2, 17, (), generator=gen))
    else:
        w = [1, n, int(torch.randint(2, n, (), generator=gen))][int(torch.randint(3, (), generator=gen))]
    return Case("contract", (x, w))
