"""Trusted checker data for `join_uneven` (imported by the grader only): uneven inputs under Join.

Ranks get different numbers of batches (which rank has more is drawn from the seed). Under
`Join([ddp_model])` a rank that ran out shadows its peers' gradient all-reduces with zeros, and by
default (divide_by_initial_world_size=True) the sum is still divided by the initial world size.
The oracle replays that in float64; a run without Join hangs, which the family reports as a
timeout naming the rank that was left waiting.

Threat list (how a candidate gets this wrong -> what kills it):
- no Join (the longer rank hangs) -> the family's timeout, naming the waiting rank.
- every rank stopped at the shortest count, or the short rank repeating batches -> single-process.
- divide_by_initial_world_size=False -> single-process (diagnosed).
- throw_on_early_termination=True -> every rank raises.
- the ranks' parameters drifting apart (no DDP) -> in sync.
- state kept from one call to the next (a model or optimizer built once at module level, a group
  initialised once), a learning rate assumed rather than read from the spec, code that assumes which
  rank runs out first -> the contract points (counts: drawn, single, wide; longer: either, rank0, rank1; lr
  drawn per point), each one more call of main in the same world (wrong/fixed_lr, wrong/model_cached).
- Join replaced by hand-made zero-loss DDP steps on the short rank (the same numbers), or by an
  all-reduced "still has data" flag -> the api row: every rank's own code must build a Join and a
  DistributedDataParallel (REQUIRED_CALLS; wrong/manual_zero_steps, wrong/done_flag_loop).
"""

import torch

from dlprep.checkers.base import Case
from dlprep.checkers.families.torchrun.judge import Check, ddp_sgd_step, max_diff, trained_linear

WORLD, NODES = 2, 1
CHECKS = ("result", "in sync", "single-process")
SYNC_TOL = 1e-6
RTOL, ATOL = 1e-4, 1e-5


LRS = (0.05, 0.1, 0.2)  # drawn per point: the spec's lr, not a remembered 0.1, drives SGD


def _counts(point, gen):
    """Batches per rank, always different: the short rank has 1-2 and the long one 1-2 more (drawn), the
    short rank a single batch against 2-3 (single), or 1 against 5-6 (wide), or none against 1-3 (none: the
    prompt's "one may have none"; code that reads sizes from its first batch fails); `longer` names the rank with more
    (either: drawn, so that the hand-made run of each seed may have either rank run out first)."""
    if point["counts"] == "none":  # a rank with an empty list joins at once and shadows every step
        short, long = 0, int(torch.randint(1, 4, (), generator=gen))
    elif point["counts"] == "single":
        short, long = 1, int(torch.randint(2, 4, (), generator=gen))
    elif point["counts"] == "wide":
        short, long = 1, int(torch.randint(5, 7, (), generator=gen))
    else:
        short = int(torch.randint(1, 3, (), generator=gen))
        long = short + int(torch.randint(1, 3, (), generator=gen))
    first = point["longer"] == "rank0" or (point["longer"] == "either" and bool(torch.randint(0, 2, (), generator=gen)))
    return [long, short] if first else [short, long]


def contract_case(point, gen):
    d_in, d_out = (int(v) for v in torch.randint(2, 5, (2,), generator=gen))
    counts = _counts(point, gen)
    true_w = torch.randn(d_in, d_out, generator=gen)
    per_rank = []
    for n in counts:
        batches = []
        for _ in range(n):
            x = torch.randn(int(torch.randint(1, 5, (), generator=gen)), d_in, generator=gen)
            batches.append([x, x @ true_w + 0.1 * torch.randn(len(x), d_out, generator=gen)])
        per_rank.append({"batches": batches})
    common = {"weight": 0.3 * torch.randn(d_out, d_in, generator=gen), "bias": 0.3 * torch.randn(d_out, generator=gen),
              "lr": LRS[int(torch.randint(0, len(LRS), (), generator=gen))]}
    return Case("run", ({"common": common, "per_rank": per_rank},))


def oracle(spec, divide="initial", steps=None):
    """DDP under Join: at step t only the ranks that still have a batch contribute."""
    c = spec["common"]
    w, b = c["weight"].double(), c["bias"].double()
    per_rank = [p["batches"] for p in spec["per_rank"]]
    for t in range(steps if steps is not None else max(map(len, per_rank))):
        active = [(x.double(), y.double()) for batches in per_rank if t < len(batches) for x, y in [batches[t]]]
        w, b = ddp_sgd_step(w, b, active, c["lr"], WORLD if divide == "initial" else len(active))
    return w, b


def _close(got, want):
    return all(bool(((g.double() - e).abs() <= ATOL + RTOL * e.abs()).all()) for g, e in zip(got, want))


def verify(spec, ranks):
    result, drift = trained_linear(spec, ranks)
    if drift is None:
        return [result]
    checks = [result]
    checks.append(Check("in sync", None if drift <= SYNC_TOL else (
        f"the ranks ended with different parameters (max difference {drift:.3g}): DDP's join hook broadcasts the "
        "final parameters to every rank, so they can only differ if the model was not trained under DDP and Join"),
        {"max_difference": drift}))
    got = (ranks[0].out["weight"], ranks[0].out["bias"])
    want = oracle(spec)
    err = max(max_diff(g, e) for g, e in zip(got, want))
    details = {"max_abs_err": err, "rtol": RTOL, "atol": ATOL,
               "batches_per_rank": [len(p["batches"]) for p in spec["per_rank"]]}
    if _close(got, want):
        checks.append(Check("single-process", None, details))
        return checks
    counts = details["batches_per_rank"]
    hints = (
        (oracle(spec, divide="current"), "it matches dividing by the number of ranks still training "
         "(divide_by_initial_world_size=False); the default divides by the initial world size"),
        (oracle(spec, steps=min(counts)), f"it matches every rank stopping after {min(counts)} batch(es), the "
         "shortest rank's count: the longer rank's remaining batches were never trained on"),
    )
    hint = next((f": {text}" for alt, text in hints if _close(got, alt)), "")
    checks.append(Check("single-process", f"rank 0's parameters differ from the reference by up to {err:.3g}{hint}",
                        details))
    return checks


REQUIRED_CALLS = {"Join": "the prompt asks for the Join context manager, Join([ddp]) or ddp.join() (padding "
                         "the short rank with zero-loss steps by hand is not Join)",
                  "DistributedDataParallel": "the prompt asks for a DDP-wrapped model"}
