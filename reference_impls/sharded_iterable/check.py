"""Trusted checker data for `sharded_iterable` (imported by the grader only).

Every case runs the user's dataset under the same loaders: in-process one item at a time,
2 workers in batches of 3, and 3 persistent workers over two epochs; the expected items are
range(start, end), each exactly once per epoch.

Threat list (how a candidate gets this wrong -> what kills it):
- every worker replays the whole range, or one worker reads everything -> duplicates / share check.
- contiguous chunks that drop the remainder -> ten-items (3 workers).
- the last worker takes the whole remainder (more than ceil(n / workers)) -> eleven-items.
- chunks computed from 0 instead of start -> offset-start.
- get_worker_info() None (main process) not handled -> the in-process config, every case.
- a one-pass iterator (second epoch of a persistent worker empty) -> the persistent two-epoch config.
- fewer items than workers, an empty range -> fewer-items-than-workers, empty.
- shards from os.getpid() % num_workers (right only while pids are consecutive) -> the probe
  starts workers whose pids are all equal modulo num_workers (see the dataloader child).
"""

import torch

from dlprep.checkers.base import Case

PROBE = "iterable"
CONFIGS = [
    {"workers": 0, "batch_size": None, "persistent": False, "epochs": 1},
    {"workers": 2, "batch_size": 3, "persistent": False, "epochs": 1},
    {"workers": 3, "batch_size": 2, "persistent": True, "epochs": 2},
]


def _case(name, start, end):
    return Case(name, ({"start": start, "end": end, "configs": CONFIGS},))


def public_cases():
    return [
        _case("ten-items", 0, 10),
        _case("eleven-items", 0, 11),  # 3 workers: chunks of 11 // 3 = 3 leave 5 for the last one, ceil is 4
        _case("offset-start", -4, 9),
        _case("fewer-items-than-workers", 5, 6),
        _case("empty", 3, 3),
    ]


def hidden_cases(gen, n):
    cases = []
    for k in range(n):
        start = int(torch.randint(-20, 21, (), generator=gen))
        cases.append(_case(f"random-{k}", start, start + int(torch.randint(0, 41, (), generator=gen))))
    return cases


def contract_case(point, gen):
    """One case of the stated domain (contract.yaml): one loader of the point's worker count,
    persistence and batch size, driven over two epochs (a second epoch restarts fresh workers or
    reuses persistent ones), over a range that does not divide among the workers, is shorter than
    them, empty, or long; start anywhere in -20..20."""
    workers = int(point["workers"])
    start = int(torch.randint(-20, 21, (), generator=gen))
    w = max(workers, 1)
    rest = int(torch.randint(1, w, (), generator=gen)) if w > 1 else 0  # one worker: every count divides
    n = {"remainder": w * int(torch.randint(2, 6, (), generator=gen)) + rest,
         "divides": w * int(torch.randint(1, 6, (), generator=gen)),
         "fewer_than_workers": int(torch.randint(1, w, (), generator=gen)) if w > 1 else 1,
         "empty": 0,
         "long": int(torch.randint(200, 400, (), generator=gen))}[point["range"]]
    cfg = {"workers": workers, "batch_size": None if point["batch_size"] == "none" else int(point["batch_size"]),
           "persistent": point["persistent"] == "yes", "epochs": 2}
    return Case("contract", ({"start": start, "end": start + n, "configs": [cfg]},))
