"""Trusted checker data for `batchnorm_buffers` (imported by the grader only).

The oracle is torch's own nn.BatchNorm1d, measured by the same probe as the submission.

Threat list (how a candidate gets this wrong -> what kills it; facts from the structure probe):
- statistics kept as plain attributes or as Parameters -> the buffer/parameter registry facts.
- num_batches_tracked as a float or a Python int -> state_dict dtypes, and after .double().
- running_var updated with the biased variance -> every train step (diagnosed).
- the Keras momentum convention -> every case with momentum != 0.5.
- eps added after the square root -> constant-feature (variance 0: sqrt(eps) vs eps), batch-of-3.
- running statistics updated outside no_grad (the buffers carry a graph) -> the second train step.
- eval mode normalising with batch statistics -> the eval step of every case.
- wrong default eps or momentum in the signature (never used when every case passes both)
  -> fresh-module constructs MyBatchNorm1d(4) with eps and momentum left out.
- F.batch_norm on the buffers (forbidden, stated in the prompt) -> the source rule
  (wrong/functional_stats), and the run-time wrapper for getattr(F, ...) (wrong/functional_via_getattr).
"""

import torch
from torch import nn

from dlprep.checkers.families.probe_family import SpecCase

PROBE = "structure"
PROBE_OPTIONS = {"check_init": True, "cast": True}
oracle = nn.BatchNorm1d
HINTS = {
    "running_var": "(the running variance is updated with the unbiased batch variance, n/(n-1) times the "
                   "biased one that normalises the batch)",
    "output": "(training mode normalises with the batch's mean and biased variance; eval mode with the "
              "running statistics)",
}


def _state(gen, c):
    return {"weight": torch.randn(c, generator=gen), "bias": torch.randn(c, generator=gen),
            "running_mean": torch.randn(c, generator=gen), "running_var": torch.rand(c, generator=gen) + 0.5,
            "num_batches_tracked": torch.tensor(int(torch.randint(0, 100, (), generator=gen)))}


def _case(name, gen, c, batches, momentum=0.1, eps=1e-5, loaded=True, defaults=False):
    """Train steps on batches of the given sizes, then one eval step.

    With defaults=True eps and momentum are left out, so the constructor's own defaults are used."""
    steps = [{"train": True, "x": 2 * torch.randn(n, c, generator=gen) + 1,
              "grad_out": torch.randn(n, c, generator=gen)} for n in batches]
    steps.append({"train": False, "x": torch.randn(3, c, generator=gen), "grad_out": torch.randn(3, c, generator=gen)})
    kwargs = {} if defaults else {"momentum": momentum, "eps": eps}
    given = "eps and momentum left at their defaults" if defaults else f"momentum={momentum}, eps={eps}"
    return SpecCase(name, (c,), kwargs,
                    spec={"state": _state(gen, c) if loaded else None, "steps": steps},
                    label=f"num_features={c}, {given}, train batches {batches}, then eval"
                          + ("" if loaded else ", fresh state"))


def _constant_feature_case(gen):
    # Feature 1 is the same in every row: batch variance 0, so only sqrt(0 + eps) keeps the output finite.
    steps = []
    for n in (4, 5):
        x = 2 * torch.randn(n, 3, generator=gen) + 1
        x[:, 1] = 0.75
        steps.append({"train": True, "x": x, "grad_out": torch.randn(n, 3, generator=gen)})
    steps.append({"train": False, "x": torch.randn(3, 3, generator=gen), "grad_out": torch.randn(3, 3, generator=gen)})
    return SpecCase("constant-feature", (3,), {"momentum": 0.1, "eps": 1e-5},
                    spec={"state": None, "steps": steps},
                    label="num_features=3, one feature constant across the batch, train batches [4, 5], then eval")


def public_cases():
    gen = torch.Generator().manual_seed(0)
    return [
        _case("fresh-module", gen, 4, [8, 8], loaded=False, defaults=True),
        _case("loaded-state", gen, 3, [5, 6]),
        _case("batch-of-3", gen, 5, [3]),
        _case("momentum-0.5", gen, 2, [4, 7, 3], momentum=0.5, eps=1e-3),
        _case("one-feature", gen, 1, [6]),
        _constant_feature_case(gen),
    ]


def hidden_cases(gen, n):
    cases = []
    for i in range(n):
        c = int(torch.randint(1, 9, (), generator=gen))
        batches = torch.randint(3, 10, (int(torch.randint(1, 4, (), generator=gen)),), generator=gen).tolist()
        momentum = round(float(torch.empty(()).uniform_(0.05, 0.9, generator=gen)), 3)
        cases.append(_case(f"random-{i}", gen, c, batches, momentum, loaded=bool(i % 2)))
    return cases
