"""Trusted checker data for `compile_custom_op` (imported by the grader only).

Threat list (how a candidate gets this wrong -> what kills it):
- no custom op (NumPy called directly: a graph break) -> the fullgraph compile.
- no register_fake -> the fullgraph compile / opcheck.
- a fake with the input's shape, float32 always, or a view of the input -> fake-vs-real
  comparison and opcheck (3d-float64 for the dtype).
- the real kernel returning x itself for w == 1 (an alias) -> window-1 (torch rejects it).
- the real kernel computing in float64 for float32 input -> opcheck (fake vs real dtype).
- off-by-one slicing in solve -> values, every case; window-equals-length, non-contiguous.
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
    cases = []
    for i in range(n):
        rows, length = int(torch.randint(1, 6, (), generator=gen)), int(torch.randint(2, 40, (), generator=gen))
        w = int(torch.randint(1, length + 1, (), generator=gen))
        dtype = torch.float64 if i % 2 else torch.float32
        cases.append(Case(f"random-{i}", (torch.randn(rows, length, generator=gen, dtype=dtype), w)))
    return cases
