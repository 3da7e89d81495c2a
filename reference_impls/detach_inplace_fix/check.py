"""Trusted checker data for `detach_inplace_fix` (imported by the grader only).

Threat list (how a candidate gets this wrong -> what kills it; all through the tensor probe's facts):
- in-place ops on probs.detach() or probs.data, or on probs under no_grad (probs overwritten)
  -> inputs-unchanged fact and backward through softmax afterwards, every case.
- clone() without detach() (the logged tensor keeps the graph) -> requires_grad / grad_fn facts.
- log(p + 1e-6) instead of log(max(p, 1e-6)) -> small-probabilities (p from 1 down to 1e-7).
- guarding only exact zeros -> underflow-to-zero (p = e^-60 > 0), small-probabilities.
- dtype -> float64.
"""

import torch

from dlprep.checkers.families.autograd.judge import ProbeCase

PROBE = "tensor"


def oracle(probs):
    return -probs.detach().clamp(min=1e-6).log()


def label(logits):
    return f"probs = logits.softmax(-1) for logits{list(logits.shape)} {str(logits.dtype).removeprefix('torch.')}"


def _case(name, logits, gen):
    upstream = torch.randn(logits.shape, generator=gen, dtype=logits.dtype)
    return ProbeCase(name, (logits,), spec={"grad_args": [0], "through": "softmax", "upstream": upstream})


def public_cases():
    gen = torch.Generator().manual_seed(0)
    confident = torch.tensor([[30.0, 0.0, -30.0], [0.0, 0.0, 0.0]])  # probabilities near 1, 1/3 and ~0
    return [
        _case("batch", torch.randn(4, 10, generator=gen), gen),
        _case("one-row", torch.randn(1, 3, generator=gen), gen),
        _case("underflow-to-zero", confident, gen),
        _case("float64", torch.randn(3, 5, generator=gen, dtype=torch.float64), gen),
        # p of about 1, 7e-3, 5e-5, 2e-6 and 1e-7: a floor of 1e-6 differs from adding 1e-6 on each
        _case("small-probabilities", torch.tensor([[0.0, -5.0, -10.0, -13.0, -16.0]]), gen),
    ]


def hidden_cases(gen, n):
    cases = []
    for i in range(n):
        rows, cols = (int(v) for v in torch.randint(1, 9, (2,), generator=gen))
        cases.append(_case(f"random-{i}", torch.randn(rows, cols, generator=gen) * 4, gen))
    return cases


# ---------------------------------------------------------------- the stated domain (contract.yaml)

def contract_case(point, gen):
    """probs = softmax(logits) of any float dtype and shape (one row, one class: p = 1, 1,000
    classes, a 3-d batch), from logits that are normal, confident (p underflows to exactly 0),
    uniform (ties) or spread (p down to about 1e-9)."""
    dims = {"rows": [int(torch.randint(2, 9, (), generator=gen)), int(torch.randint(2, 12, (), generator=gen))],
            "one_row": [1, 7], "one_class": [4, 1], "wide": [2, 1000], "batched_3d": [2, 3, 5]}[point["shape"]]
    logits = torch.randn(dims, generator=gen, dtype=torch.float64)
    if point["regime"] == "confident":
        logits = logits * 60
    elif point["regime"] == "uniform":
        logits = torch.zeros(dims, dtype=torch.float64)
    elif point["regime"] == "small":
        logits = -torch.rand(dims, generator=gen, dtype=torch.float64) * 20
    dtype = torch.float64 if point["dtype"] == "float64" else torch.float32
    return _case("contract", logits.to(dtype), gen)
