"""Shrinking a failing contract case to the fewest axes that still show the bug.

A generated case fails at a point such as `contract[rank=3,dim=negative,dtype=float16,layout=expanded]`;
most of those values are usually beside the point. Greedily, one axis at a time goes back to its
baseline (`Contract.shrink_steps`), in a run of its own; a step that still fails becomes the new
point. The result is a point whose every simpler neighbour passes: what the verdict names, with a
`--case` that rebuilds it. Bounded by rounds and seconds, since each step is one sandbox run.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace

from dlprep.checkers import contract
from dlprep.checkers.base import Case, Family
from dlprep.results import CheckResult

BUDGET_S = 3.0
MAX_RUNS = 12

Probe = Callable[[list[Case]], CheckResult | None]


def smallest(fam: Family, point: contract.Point, seed: int, probe: Probe) -> contract.Point:
    declared = contract.load(fam.ex.folder)
    if declared is None:
        return point
    deadline, runs = time.monotonic() + BUDGET_S, 0
    improved = True
    while improved and runs < MAX_RUNS and time.monotonic() < deadline:
        improved = False
        for step in declared.shrink_steps(point):
            if runs >= MAX_RUNS or time.monotonic() >= deadline:
                break
            runs += 1
            judged = probe([fam.contract_case(step, seed)])
            if judged is not None and judged.status == "fail":
                point, improved = step, True
                break
    return point


def report(test: CheckResult, fam: Family, seed: int, probe: Probe) -> CheckResult:
    """`test` with the smallest failing point added, when it is the hidden check and its first
    failure is a contract case; otherwise `test` unchanged."""
    name = str(test.details.get("case", ""))
    if test.status != "fail" or not name.startswith("contract["):
        return test
    declared = contract.load(fam.ex.folder)
    point = contract.parse_name(declared, name) if declared is not None else None
    if point is None:
        return test
    small = smallest(fam, point, seed, probe)
    assert declared is not None
    shown = ",".join(f"{n}={v}" for n, v in small if v != dict((a.name, a.baseline) for a in declared.axes)[n])
    short = f"contract[{shown}]"
    msg = (f"{test.message}; shrunk: it fails already at {short} (every other axis at its baseline); "
           f"rerun it alone with --case '{short}'")
    return replace(test, message=msg, details={**test.details, "shrunk": short})
