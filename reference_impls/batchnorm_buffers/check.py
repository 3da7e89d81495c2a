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
    # atol 1e-4: var_mean's float32 mean of a constant column may be off by an ulp, which
    # (x - mean) / sqrt(eps) turns into ~2e-5 in weight.grad (torch's double gives 0); eps outside the
    # root is off by a factor of ~300 and still fails.
    return SpecCase("constant-feature", (3,), {"momentum": 0.1, "eps": 1e-5},
                    spec={"state": None, "steps": steps, "tolerance": [1e-4, 1e-4]},
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


def contract_case(point, gen):
    """Features centred, offset by a mean of about 1200 with unit spread (E[x^2]-E[x]^2 cancels
    catastrophically in float32; torch accumulates in double), or with a spread below sqrt(eps);
    1, a few or 100+ features; batches of 2 (n-1 = 1), a few or 500+; the constructor called with
    positional, keyword or default eps/momentum; fresh or loaded state; train and eval steps in
    orders that start in eval and return to training after eval."""
    def pick(lo, hi):
        return int(torch.randint(lo, hi + 1, (), generator=gen))
    c = {"few": pick(2, 8), "one": 1, "many": pick(100, 160)}[point["features"]]
    # Large means only with small batches (excluded in contract.yaml): over hundreds of rows even a
    # right float32 two-pass mean drifts from torch's double accumulation beyond rtol 1e-4, and
    # with 2 rows the input's gradient is 0 up to rounding noise that a large mean amplifies.
    n = {"several": pick(3, 12), "two": 2, "large": pick(500, 800)}[point["batch"]]
    modes = {"train_train_eval": [True, True, False], "eval_first": [False, True, False],
             "train_eval_train": [True, False, True]}[point["steps"]]
    center = {"centered": torch.zeros(c), "large_mean": 1200 * (0.85 + 0.3 * torch.rand(c, generator=gen)),
              "tiny_spread": torch.zeros(c)}[point["offset"]]
    spread = 1e-3 if point["offset"] == "tiny_spread" else 1.0
    steps = [{"train": train, "x": center + spread * torch.randn(n, c, generator=gen),
              "grad_out": torch.randn(n, c, generator=gen)} for train in modes]
    momentum = round(float(torch.empty(()).uniform_(0.05, 0.9, generator=gen)), 3)
    eps = [1e-5, 1e-3, 1e-8][pick(0, 2)]
    args, kwargs = {"keyword": ((c,), {"eps": eps, "momentum": momentum}), "positional": ((c, eps, momentum), {}),
                    "defaults": ((c,), {})}[point["args"]]
    # At a mean of ~600 right float32 two-pass files differed from torch's double accumulation by
    # up to 2.5e-3 absolute (2e-4 relative over a tensor), E[x^2]-E[x]^2 by >= 6.7e-3; the right
    # error grows like the mean, the wrong one like its square, so at ~1200: atol 1e-2, rtol 1e-3.
    tol = {"tolerance": [1e-3, 1e-2]} if point["offset"] == "large_mean" else {}
    if point["batch"] in ("two", "large"):
        # 2 rows: the input's gradient is 0 up to rounding; 500+ rows: float32 sums of that many terms
        # differ from torch's double ones by ~1e-3 relative in a few elements (both seen on right files).
        tol = {"tolerance": [1e-3, 1e-4]}
    return SpecCase("contract", args, kwargs,
                    spec={"state": _state(gen, c) if point["state"] == "loaded" else None, "steps": steps, **tol},
                    label=f"num_features={c}, args {list(args)} {kwargs}, x {point['offset']} batches of {n}, "
                          f"{'train' if modes[0] else 'eval'} first, {point['state']} state")
