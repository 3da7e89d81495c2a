"""Trusted checker data for `detach_clone_roles` (imported by the grader only).

Threat list (how a candidate gets this wrong -> what kills it; all through the tensor probe's facts):
- snapshot = x.detach() (shares storage) -> shares-storage fact, every case.
- new leaf from x.clone() or empty_like(x).copy_(x) (grad_fn set, gradient reaches x) -> grad_fn fact.
- new leaf = x.detach().requires_grad_() (shares storage) -> shares-storage fact.
- new leaf made from the snapshot (the two results share one storage) -> the probe's aliases
  among results (wrong/new_leaf_from_snapshot).
- tracked copy detached first (no gradient to x) -> requires_grad fact / gradient destination.
- a view taken under no_grad (a view of a leaf still requires grad) -> requires_grad fact.
- detach_() on x (x itself loses requires_grad) -> backward through x's own graph afterwards.
- a copy rebuilt from tolist() (dtype becomes float32) -> float64.
- shared view = x.data (in-place writes bypass x's version counter) -> write_into: the probe saves x
  in a graph, writes into shared_view in place, and requires backward to raise as it does for
  x.detach() (wrong/data_attribute, wrong/data_view_of_data).
"""

import torch

from dlprep.checkers.families.autograd import domain_cases
from dlprep.checkers.families.autograd.judge import ProbeCase

PROBE = "tensor"


def oracle(x):
    return {
        "shared_view": x.detach(),
        "snapshot": x.detach().clone(),
        "tracked_copy": x.clone(),
        "new_leaf": x.detach().clone().requires_grad_(),
    }


def label(x):
    return f"x{list(x.shape)} {str(x.dtype).removeprefix('torch.')}, a leaf with requires_grad=True"


def _case(name, x):
    return ProbeCase(name, (x,), spec={"grad_args": [0], "write_into": "shared_view"})


def public_cases():
    gen = torch.Generator().manual_seed(0)
    return [
        _case("vector", torch.randn(5, generator=gen)),
        _case("matrix", torch.randn(3, 4, generator=gen)),
        _case("non-contiguous", torch.randn(4, 3, generator=gen).t()),
        _case("scalar", torch.tensor(2.5)),
        _case("float64", torch.randn(2, 3, generator=gen, dtype=torch.float64)),
    ]


def hidden_cases(gen, n):
    cases = []
    for i in range(n):
        shape = torch.randint(1, 6, (int(torch.randint(1, 4, (), generator=gen)),), generator=gen).tolist()
        cases.append(_case(f"random-{i}", torch.randn(shape, generator=gen)))
    return cases


# ---------------------------------------------------------------- the stated domain (contract.yaml)

def contract_case(point, gen):
    """x of any float dtype, rank (0-dim included), size and layout (transposed, a stepped or an
    offset slice of a larger storage: the views must share that storage, the copies must not)."""
    dims = domain_cases.shape(int(point["rank"]), point["size"], gen)

    def normal(shape, g):
        return torch.randn(shape, generator=g, dtype=torch.float64)
    return _case("contract", domain_cases.laid_out(dims, point["dtype"], point["layout"], normal, gen))
