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


def contract_case(point, gen):
    """One case of the stated domain (contract.yaml): x of rank 1 to 3 (drawn), float32 or float64,
    contiguous or strided (a matrix or 3-d x transposed in its last two dims or stepped, a vector
    stepped: every other element of a longer one), and a window of 1, the whole length or
    between (drawn)."""
    rank, dtype = int(torch.randint(1, 4, (), generator=gen)), getattr(torch, point["dtype"])
    n = int(torch.randint(3, 25, (), generator=gen))  # 3 or more: a middle window exists
    shape = [*torch.randint(2, 5, (rank - 1,), generator=gen).tolist(), n]  # no size-1 dim: truly strided
    transpose = point["layout"] == "strided" and rank >= 2 and bool(torch.randint(2, (), generator=gen))
    if transpose:
        x = torch.randn(*shape[:-2], shape[-1], shape[-2], generator=gen, dtype=dtype).transpose(-1, -2)
    elif point["layout"] == "strided":
        x = torch.randn(*shape[:-1], 2 * n, generator=gen, dtype=dtype)[..., ::2]
    else:
        x = torch.randn(*shape, generator=gen, dtype=dtype)
    w = [1, n, int(torch.randint(2, n, (), generator=gen))][int(torch.randint(3, (), generator=gen))]
    return Case("contract", (x, w))
