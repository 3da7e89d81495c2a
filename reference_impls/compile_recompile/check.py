"""Trusted checker data for `compile_recompile` (imported by the grader only).

A case is a schedule of calls (x, n_valid) made on one compiled function. Every size is >= 2
(0 and 1 are always specialised) and within one call B, T and D differ, so duck sizing (equal
sizes share one symbol) cannot force a recompile that the exercise does not ask about.

Threat list (how a candidate gets this wrong -> what kills it):
- plain or automatic-dynamic compile (a second graph on the second shape) -> growing-length.
- only x marked dynamic, n_valid still a constant -> growing-length (n_valid changes).
- a fast path `if n_valid == T` (a guard the schedule flips) -> full-length-first, always-full.
- recompiles hidden by a cache limit of one (later calls run eagerly) -> every call must go
  through the one graph.
- the given backend ignored -> the backend's graph count.
- a mask that divides by T, or by the broadcast mask's count -> values of every call.
"""

import torch

from dlprep.checkers.base import Case

PROBE = "recompile"


def oracle(x, n_valid):
    return x[:, :n_valid].mean(dim=1)


def _schedule(gen, sizes):
    return [(torch.randn(b, t, d, generator=gen), n) for b, t, d, n in sizes]


def public_cases():
    gen = torch.Generator().manual_seed(5)
    return [
        Case("growing-length", (_schedule(gen, [(2, 5, 8, 3), (2, 9, 8, 9), (2, 17, 8, 11), (2, 33, 8, 33),
                                                (2, 12, 8, 2)]),)),
        Case("batch-length-width", (_schedule(gen, [(2, 6, 4, 5), (3, 10, 8, 4), (5, 7, 16, 7), (4, 20, 3, 13)]),)),
        Case("full-length-first", (_schedule(gen, [(3, 9, 4, 9), (2, 6, 5, 2), (4, 14, 6, 14), (3, 8, 12, 5)]),)),
        Case("always-full", (_schedule(gen, [(2, 4, 8, 4), (3, 9, 8, 9), (5, 13, 8, 13)]),)),
    ]


def _distinct_sizes(gen):
    while True:
        b, t, d = (int(torch.randint(2, hi, (), generator=gen)) for hi in (6, 40, 17))
        if len({b, t, d}) == 3:
            return b, t, d


def hidden_cases(gen, n):
    cases = []
    for i in range(n):
        sizes = []
        for j in range(5):
            b, t, d = _distinct_sizes(gen)
            full = j in (0, 2) if i % 2 else j in (1, 3)  # mix full-length and partial calls
            sizes.append((b, t, d, t if full else int(torch.randint(2, t, (), generator=gen)) if t > 2 else t))
        cases.append(Case(f"random-{i}", (_schedule(gen, sizes),)))
    return cases
