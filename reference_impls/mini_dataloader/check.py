"""Trusted checker data for `mini_dataloader` (imported by the grader only).

The oracle is torch's own DataLoader (num_workers=0) on the same samples, batch size, sampler and
drop_last. The child's dataset (the dataloader family's child.RecordingDataset) also records which process
loaded each sample, sleeps on the `slow` indices (the first batch's first one, so that with
workers the second batch is ready first) and raises on the `corrupt` one.

Threat list (how a candidate gets this wrong -> what kills it):
- loading in the main process despite num_workers -> which process loaded each sample.
- yielding batches as workers finish (a slow batch overtaken) -> two-workers-in-order.
- drop_last applied only without a sampler, or the tail mishandled -> sampler-drop-last, hidden.
- workers stopped only after the last batch -> abandoned-iterator, worker-error (processes left).
- a worker's error dropped, or re-raised without its message -> worker-error.
- more workers than batches, an empty sampler -> fewer-batches-than-workers, empty-sampler.
- torch's DataLoader wrapped -> the forbid rule.
- the sampler iterated twice (a one-shot iterator comes back empty the second time) -> needs family
  check: pass the sampler as an iterator, not a list.
"""

import torch
from torch.utils.data import DataLoader

from dlprep.checkers.base import Case

PROBE = "loader"
DELAY_S = 0.3


def oracle(spec):
    x, y = spec["x"], spec["y"]
    samples = [{"x": x[i], "y": int(y[i])} for i in range(len(x))]
    kwargs = {"batch_size": spec["batch_size"], "drop_last": spec["drop_last"]}
    if spec["sampler"] is not None:
        kwargs["sampler"] = spec["sampler"]
    return list(DataLoader(samples, **kwargs))


def _case(name, gen, n, batch_size, workers, sampler=None, drop_last=False, slow_first=False, corrupt=None,
          stop_after=None):
    order = sampler if sampler is not None else list(range(n))
    return Case(name, ({
        "x": torch.randn(n, 3, generator=gen), "y": torch.randint(0, 10, (n,), generator=gen),
        "batch_size": batch_size, "workers": workers, "sampler": sampler, "drop_last": drop_last,
        "slow": order[:1] if slow_first else [], "delay_s": DELAY_S, "corrupt": corrupt,
        "stop_after": stop_after},))


def public_cases():
    gen = torch.Generator().manual_seed(0)
    return [
        _case("in-process", gen, 10, 3, 0),
        _case("two-workers-in-order", gen, 10, 3, 2, slow_first=True),
        _case("sampler-drop-last", gen, 11, 4, 2, sampler=[10, 3, 7, 0, 9, 1, 5, 2, 8, 6], drop_last=True),
        _case("fewer-batches-than-workers", gen, 2, 4, 2),
        _case("empty-sampler", gen, 5, 2, 2, sampler=[]),
        _case("abandoned-iterator", gen, 12, 2, 2, stop_after=1),
        _case("worker-error", gen, 8, 2, 2, corrupt=5),
    ]


def hidden_cases(gen, n):
    cases = []
    for k in range(n):
        count = int(torch.randint(5, 31, (), generator=gen))
        bs = int(torch.randint(1, 6, (), generator=gen))
        sampler = torch.randperm(count, generator=gen).tolist() if k % 2 == 0 else None
        cases.append(_case(f"random-{k}", gen, count, bs, 2 if k < n - 1 else 0, sampler=sampler,
                           drop_last=bool(torch.randint(0, 2, (), generator=gen)), slow_first=True))
    return cases
