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
- batch_size or num_workers defaults wrong (never exercised: every case passed both) -> defaults
  (MiniLoader(dataset) alone: one sample per batch, loaded in the calling process).
- collate_fn accepted but ignored (default_collate used anyway), in either path -> custom-collate (workers),
  the last hidden case (in process): a collate_fn that reverses the batch.
- workers that are not daemons (a program exiting with an open iterator waits on them) -> the family
  records each sample's process's daemon flag.
- a worker busy with a slow sample when the iterator is dropped neither waited for nor terminated (joined
  with a timeout and then left, or never joined) -> abandoned-while-loading (batch 1 takes STUCK_S).
- the sampler iterated twice in one epoch (once to count, once to batch) -> the family passes every
  sampler case's order as a child.EpochSampler, which gives a new order on every pass (as RandomSampler
  does) and counts its passes: sampler-drop-last, the hidden sampler cases (batches of the rotated
  order) and empty-sampler (more than one pass reported) (wrong/iterates_sampler_twice).
"""

import torch
from torch.utils.data import DataLoader, default_collate

from dlprep.checkers.base import Case

PROBE = "loader"
DELAY_S = 0.3
STUCK_S = 2.5  # longer than the reference's join timeout plus the family's settle time


def _reversed_collate(samples):
    return default_collate(samples[::-1])


def oracle(spec):
    x, y = spec["x"], spec["y"]
    samples = [{"x": x[i], "y": int(y[i])} for i in range(len(x))]
    kwargs = {"batch_size": spec["batch_size"], "drop_last": spec["drop_last"]}
    if spec["sampler"] is not None:
        kwargs["sampler"] = spec["sampler"]
    if spec.get("collate") == "reversed":
        kwargs["collate_fn"] = _reversed_collate
    return list(DataLoader(samples, **kwargs))


def _case(name, gen, n, batch_size, workers, sampler=None, drop_last=False, slow_first=False, corrupt=None,
          stop_after=None, stuck=None, defaults=False, collate=None):
    """stuck: an index whose sample takes STUCK_S; defaults: the loader gets neither batch_size nor
    num_workers (batch_size and workers must then be 1 and 0); collate: a collate_fn's name."""
    order = sampler if sampler is not None else list(range(n))
    slow, delay = (order[:1] if slow_first else [], DELAY_S) if stuck is None else ([stuck], STUCK_S)
    return Case(name, ({
        "x": torch.randn(n, 3, generator=gen), "y": torch.randint(0, 10, (n,), generator=gen),
        "batch_size": batch_size, "workers": workers, "sampler": sampler, "drop_last": drop_last,
        "slow": slow, "delay_s": delay, "corrupt": corrupt, "stop_after": stop_after,
        "defaults": defaults, "collate": collate},))


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
        _case("defaults", gen, 4, 1, 0, defaults=True),
        _case("custom-collate", gen, 7, 3, 2, collate="reversed"),
        _case("abandoned-while-loading", gen, 8, 2, 2, stop_after=1, stuck=2),
    ]


def hidden_cases(gen, n):
    cases = []
    for k in range(n):
        count = int(torch.randint(5, 31, (), generator=gen))
        bs = int(torch.randint(1, 6, (), generator=gen))
        sampler = torch.randperm(count, generator=gen).tolist() if k % 2 == 0 else None
        if k == n - 1:  # in process, with a collate_fn that reverses the batch: more than one sample
            bs = max(bs, 2)
        cases.append(_case(f"random-{k}", gen, count, bs, 2 if k < n - 1 else 0, sampler=sampler,
                           drop_last=bool(torch.randint(0, 2, (), generator=gen)), slow_first=True,
                           collate="reversed" if k == n - 1 else None))
    return cases


def contract_case(point, gen):
    """One case of the stated domain (contract.yaml): 0-3 workers, batch sizes of one, a few, the
    whole data or more, no sampler or a permutation, a subset (with a repeat) or an empty one,
    drop_last either way, a custom collate_fn, and an iteration that ends, is abandoned after a batch,
    or meets a corrupt sample in the first batch. Complete iterations are run twice on one loader."""
    n = int(torch.randint(5, 21, (), generator=gen))
    sampler = {"none": None, "permutation": torch.randperm(n, generator=gen).tolist(),
               "subset": torch.randint(0, n, (max(2, n - 3),), generator=gen).tolist(),
               "empty": []}[point["sampler"]]
    size = n if sampler is None else len(sampler)
    # "small" is a few samples but never more than there are: a batch larger than a subset is the
    # larger_than_data point, and with drop_last it would deliver nothing (no corrupt sample met)
    bs = {"small": max(1, min(int(torch.randint(2, 5, (), generator=gen)), size)), "one": 1, "all": max(size, 1),
          "larger_than_data": size + int(torch.randint(1, 4, (), generator=gen))}[point["batch_size"]]
    ending = point["ending"]
    order = sampler if sampler is not None else list(range(n))
    case = _case("contract", gen, n, bs, int(point["workers"]), sampler=sampler,
                 drop_last=point["drop_last"] == "yes", slow_first=ending == "full",
                 corrupt=order[0] if ending == "worker_error" else None,
                 stop_after=1 if ending == "abandoned" else None,
                 collate="reversed" if point["collate"] == "custom" else None)
    case.args[0]["epochs"] = 2
    return case
