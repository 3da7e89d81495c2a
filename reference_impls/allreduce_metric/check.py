"""Trusted checker data for `allreduce_metric` (imported by the grader only): a metric averaged with all_reduce.

Each rank holds a different number of per-sample losses, so the mean of the per-rank means and
the mean over all samples differ, and both are asked for. The oracle sees every rank's losses.

Threat list (how a candidate gets this wrong -> what kills it):
- no reduction (local values), or dist.reduce (only rank 0 has the total) -> in sync, rank_mean.
- the summed mean not divided by the world size -> rank_mean (diagnosed).
- the mean of means for the sample mean, or sums divided by the world size or by a local count
  -> sample_mean (ranks hold 2..9 samples, all different).
- float64 losses reduced through a float32 tensor (torch.tensor([s, n]) without dtype=) -> the
  contract's dtype=float64 points, judged to 1e-10 relative (wrong/float32_stats).
- state kept across calls, or a single-sample rank mishandled -> the contract points (counts: one,
  few, long; dtype), each one more call of main in the same world.
- the metric built from all_gather_object (or all_gather) and a Python sum -> the api row: each
  rank's own code must call all_reduce and no gathering collective (REQUIRED_CALLS,
  FORBIDDEN_CALLS; wrong/gather_objects, wrong/all_gather_sum).
"""

import torch

from dlprep.checkers.base import Case
from dlprep.checkers.families.torchrun.judge import Check

WORLD, NODES = 2, 1
CHECKS = ("result", "in sync", "rank_mean", "sample_mean")
RTOL = 1e-5
KEYS = ("rank_mean", "sample_mean")


TOLS = {torch.float32: 1e-5, torch.float64: 1e-10}  # relative; float64 losses reduced in float32 miss by ~1e-8


def _counts(kind, gen):
    """Distinct sample counts per rank: 2..9, one rank with a single sample, or thousands each."""
    if kind == "one":
        counts = [1, int(torch.randint(2, 10, (), generator=gen))]
        return counts[::-1] if torch.randint(0, 2, (), generator=gen) else counts
    lo, span = (2, 8) if kind == "few" else (2000, 3000)
    return [int(n) + lo for n in torch.randperm(span, generator=gen)[:WORLD]]


def contract_case(point, gen):
    dtype = getattr(torch, point["dtype"])
    losses = [(torch.rand(n, generator=gen, dtype=torch.float64) * 3).to(dtype) for n in _counts(point["counts"], gen)]
    return Case("run", ({"common": {}, "per_rank": [{"losses": t} for t in losses]},))


def _number(v):
    # The prompt asks for floats: a tensor (even one element) is not one; it may live on a GPU, and a
    # caller logging or comparing it meets a tensor (red team: wrong/returns_tensors passed before).
    if isinstance(v, float):
        return float(v)
    return None


def _close(a, b, rtol=RTOL):
    # relative only: an absolute floor would let 0.0 pass for small losses
    return abs(a - b) <= rtol * abs(b)


def verify(spec, ranks):
    got = []
    for r in ranks:
        out = r.out if isinstance(r.out, dict) else {}
        vals = {k: _number(out.get(k)) for k in KEYS}
        missing = [k for k, v in vals.items() if v is None]
        if missing:
            return [Check("result", f"rank {r.rank} must return a dict with the floats {', '.join(map(repr, KEYS))}; "
                          f"{', '.join(map(repr, missing))} is missing or not a float")]
        got.append(vals)
    checks = [Check("result")]
    off = [r.rank for r, g in zip(ranks, got) if any(not _close(g[k], got[0][k]) for k in KEYS)]
    checks.append(Check("in sync", None if not off else (
        f"rank {off[0]} returned {got[off[0]]} but rank 0 returned {got[0]}: every rank must end with the same "
        "global value (was the result all-reduced?)")))
    tol = TOLS.get(spec["per_rank"][0]["losses"].dtype, RTOL)
    losses = [p["losses"].double() for p in spec["per_rank"]]
    means = [float(t.mean()) for t in losses]
    rank_mean = sum(means) / WORLD
    sample_mean = float(torch.cat(losses).mean())
    for key, want, wrong in (
        ("rank_mean", rank_mean, {
            sum(means): "the all-reduced sum was not divided by the world size",
        }),
        ("sample_mean", sample_mean, {
            rank_mean: ("that is the mean of the per-rank means; the ranks hold different numbers of samples, "
                        "so all-reduce the sums and the counts and divide one by the other"),
            float(torch.cat(losses).sum()): "that is the sum over all samples, not divided by their count",
        }),
    ):
        bad = [(r.rank, g[key]) for r, g in zip(ranks, got) if not _close(g[key], want, tol)]
        if not bad:
            checks.append(Check(key, None, {"expected": want}))
            continue
        rank, value = bad[0]
        local = means[rank] if key == "rank_mean" else float(losses[rank].mean())
        why = next((text for v, text in wrong.items() if _close(value, v)), None)
        if why is None and _close(value, local):
            why = "that is the rank's own local value: it was never reduced across ranks"
        if why is None and tol < RTOL and _close(value, want):
            why = ("right to float32 precision only: float64 losses must be summed and all-reduced in float64 "
                   "(a stats tensor built with torch.tensor([...]) is float32 unless given dtype=)")
        digits = 6 if tol >= RTOL else 15
        checks.append(Check(key, f"rank {rank}'s {key} is {value:.{digits}g}, expected {want:.{digits}g}"
                            + (f": {why}" if why else ""),
                            {"expected": want, "got": value}))
    return checks


REQUIRED_CALLS = {"all_reduce": "the prompt asks for torch.distributed.all_reduce"}
_GATHER = "collecting every rank's values to add them up in Python replaces the all_reduce the prompt asks for"
FORBIDDEN_CALLS = {name: _GATHER for name in ("all_gather", "all_gather_object", "all_gather_into_tensor", "gather",
                                              "gather_object", "broadcast_object_list")}
