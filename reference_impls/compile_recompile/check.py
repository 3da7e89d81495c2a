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
- a recompile that surfaces late in a long run (past Dynamo's limit of 8, later calls run eagerly)
  -> contract axis calls (twelve calls).
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
    return []  # the contract's points are the hidden cases: schedules starting full or partial


def contract_case(point, gen):
    """One schedule of the stated domain (contract.yaml): full-length and partial calls alternate,
    the first one full or partial; partial calls keep n_valid == 2 or one in the middle of T; five
    calls or twelve. Sizes are drawn afresh for every call, B, T and D distinct within it."""
    sizes = []
    for j in range({"five": 5, "twelve": 12}[point["calls"]]):
        full = j % 2 == (0 if point["first"] == "full" else 1)
        b, t, d = _distinct_sizes(gen)
        while not full and t < 4:  # a partial call needs room below T (and above 2 for a middle one)
            b, t, d = _distinct_sizes(gen)
        n = t if full else 2 if point["partial"] == "two" else int(torch.randint(3, t, (), generator=gen))
        sizes.append((b, t, d, n))
    return Case("contract", (_schedule(gen, sizes),))
