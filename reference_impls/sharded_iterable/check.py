"""Trusted checker data for `sharded_iterable` (imported by the grader only).

Every case runs the user's dataset under the same loaders: in-process one item at a time,
2 workers in batches of 3, and 3 persistent workers over two epochs; the expected items are
range(start, end), each exactly once per epoch.
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
