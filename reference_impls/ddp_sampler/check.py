"""Trusted checker data for `ddp_sampler` (imported by the grader only): DDP + DistributedSampler.

The single-process oracle replays the global batches the ranks really formed, read from the
dataset's access log, in float64: step t averages (DDP's all-reduce / world size) every rank's
local mean-loss gradient of its t-th batch. The sampler is checked on the same log: per epoch the
ranks' shards are disjoint and cover the data, and the order changes from one epoch to the next.

Threat list (how a candidate gets this wrong -> what kills it):
- no DistributedSampler, or one with num_replicas=1 -> shards (each rank reads 1/world).
- no set_epoch, or set_epoch at the end of the epoch -> set_epoch (order changes every epoch).
- no DDP (ranks drift apart) -> in sync.
- a summed loss, or gradients summed instead of averaged -> single-process (diagnosed).
- gradients averaged by hand with all_reduce instead of DDP (same numbers) -> the api row: every
  rank's own code must build a DistributedDataParallel (REQUIRED_CALLS; wrong/manual_allreduce,
  wrong/allreduce_hooks).
- a DataLoader with drop_last=True, or batches cut by hand, lose the partial batch -> shards, on the
  contract points (batch: partial, exact, one), each one more
  call of main in the same world; state kept across calls shows there too.
- (not a mistake) a batch read outside the training loop for a log line (the DDP tutorial's
  `next(iter(loader))`) -> the rank marks where each DataLoader iteration starts; only complete
  passes over the shard are epochs (right/tutorial_log_batch).
"""

import math

import torch

from dlprep.checkers.base import Case
from dlprep.checkers.families.torchrun.judge import Check, ddp_sgd_step, max_diff, trained_linear
from dlprep.checkers.families.torchrun.rank import NEW_PASS

WORLD, NODES = 2, 1
CHECKS = ("result", "in sync", "shards", "set_epoch", "single-process")
REPORTED_CHECKS = ("shards", "set_epoch")  # the dataset indices each rank read are recorded in its own process
SYNC_TOL = 1e-6  # DDP hands every rank the same averaged gradient: replicas agree to the last bits
RTOL, ATOL = 1e-4, 1e-5  # float32 training against the float64 oracle


def _batch(kind, share):
    """A per-rank batch size smaller than the shard of `share` samples. Not a batch of the whole
    shard: a log line's `next(iter(loader))` (right/tutorial_log_batch) would then read a complete
    pass, indistinguishable in the access log from an epoch."""
    if kind == "one":
        return 1
    if kind == "exact":
        return max(b for b in range(2, share) if share % b == 0)
    return next(b for b in (3, 2, 4) if share % b)  # the last batch of an epoch is a partial one


def contract_case(point, gen):
    # a shard that a batch of 2..share-1 can divide, where the point asks for one
    per_rank = (6, 8)[int(torch.randint(0, 2, (), generator=gen))] if point["batch"] == "exact" \
        else int(torch.randint(5, 9, (), generator=gen))
    n = WORLD * per_rank
    d_in, d_out = (int(v) for v in torch.randint(2, 5, (2,), generator=gen))
    x = torch.randn(n, d_in, generator=gen)
    y = x @ torch.randn(d_in, d_out, generator=gen) + 0.1 * torch.randn(n, d_out, generator=gen)
    common = {"dataset": {"tensor_dataset": [x, y]},
              "weight": 0.3 * torch.randn(d_out, d_in, generator=gen), "bias": 0.3 * torch.randn(d_out, generator=gen),
              "lr": 0.1, "epochs": 2, "batch_size": _batch(point["batch"], per_rank)}
    return Case("run", ({"common": common, "per_rank": [{} for _ in range(WORLD)]},))


def _passes(reads, share=None):
    """The reads split where a DataLoader started iterating (NEW_PASS); without any mark (no
    DataLoader), into runs of `share` reads."""
    if NEW_PASS not in reads and share:
        return [reads[i:i + share] for i in range(0, len(reads), share)]
    out, cur = [], []
    for i in reads:
        if i == NEW_PASS:
            if cur:
                out.append(cur)
            cur = []
        else:
            cur.append(i)
    return [*out, cur] if cur else out


def _epochs(reads, share):
    """The complete passes over a rank's shard: the training epochs. A pass abandoned after a batch
    (the tutorial's `next(iter(loader))` for a log line) is no epoch: the prompt never forbids it."""
    return [p for p in _passes(reads, share) if len(p) == share]


def _shards(spec, ranks):
    c = spec["common"]
    n = len(c["dataset"]["tensor_dataset"][0])
    epochs, share = c["epochs"], n // WORLD
    for r in ranks:
        passes = _passes(r.reads.get("dataset", []), share)
        full = _epochs(r.reads.get("dataset", []), share)
        if len(full) != epochs:
            why = (": every rank iterated over the whole dataset; a DistributedSampler gives each rank its own "
                   f"1/{WORLD}") if any(len(p) == n for p in passes) else ""
            return (f"rank {r.rank} made {len(full)} complete pass(es) of {share} samples (1/{WORLD} of the {n}) in "
                    f"{epochs} epochs, expected {epochs}; its passes read {[len(p) for p in passes]} samples{why}")
    for e in range(epochs):
        owner = {}
        for r in ranks:
            part = _epochs(r.reads["dataset"], share)[e]
            for i in part:
                if i in owner:
                    who = "twice" if owner[i] == r.rank else f"by ranks {owner[i]} and {r.rank}"
                    return f"in epoch {e} sample {i} was read {who}: the shards overlap"
                owner[i] = r.rank
        if len(owner) != n:
            return f"in epoch {e}, {n - len(owner)} sample(s) were read by no rank"
    return None


def _share(spec):
    return len(spec["common"]["dataset"]["tensor_dataset"][0]) // WORLD


def _reshuffled(spec, ranks):
    epochs = spec["common"]["epochs"]
    orders = [_epochs(r.reads["dataset"], _share(spec)) for r in ranks]
    if all(o[e] != o[0] for o in orders for e in range(1, epochs)):
        return None
    if any(o[e] == o[0] for o in orders for e in range(1, epochs)) and all(o[0] == sorted(o[0]) for o in orders):
        return "the samples were read in index order: pass shuffle=True to the DistributedSampler"
    rank = next(r.rank for r, o in zip(ranks, orders, strict=True) if any(o[e] == o[0] for e in range(1, epochs)))
    return (f"rank {rank} read its shard in the same order in every epoch: DistributedSampler shuffles with "
            "seed + epoch, so call sampler.set_epoch(epoch) at the start of each epoch")


def _oracle(spec, ranks, divide_by):
    c = spec["common"]
    x, y = (t.double() for t in c["dataset"]["tensor_dataset"])
    w, b = c["weight"].double(), c["bias"].double()
    per_epoch = [_epochs(r.reads["dataset"], _share(spec)) for r in ranks]
    for e in range(c["epochs"]):
        share = len(per_epoch[0][e])
        for s in range(math.ceil(share / c["batch_size"])):
            idx = [p[e][s * c["batch_size"]:(s + 1) * c["batch_size"]] for p in per_epoch]
            w, b = ddp_sgd_step(w, b, [(x[i], y[i]) for i in idx], c["lr"], divide_by)
    return w, b


def _close(got, want):
    return bool(((got.double() - want).abs() <= ATOL + RTOL * want.abs()).all())


def verify(spec, ranks):
    result, drift = trained_linear(spec, ranks)
    if drift is None:
        return [result]
    checks = [result]
    checks.append(Check("in sync", None if drift <= SYNC_TOL else (
        f"the ranks ended with different parameters (max difference {drift:.3g}): their gradients were not "
        "averaged; wrap the model in DistributedDataParallel"), {"max_difference": drift}))
    shards = _shards(spec, ranks)
    checks.append(Check("shards", shards))
    if shards:
        return checks
    checks.append(Check("set_epoch", _reshuffled(spec, ranks)))
    w, b = _oracle(spec, ranks, WORLD)
    got = ranks[0].out
    err = max(max_diff(got["weight"], w), max_diff(got["bias"], b))
    details = {"max_abs_err": err, "rtol": RTOL, "atol": ATOL}
    if _close(got["weight"], w) and _close(got["bias"], b):
        checks.append(Check("single-process", None, details))
        return checks
    sw, sb = _oracle(spec, ranks, 1)
    hint = (": it matches gradients summed over the ranks instead of averaged" if _close(got["weight"], sw)
            and _close(got["bias"], sb) else "")
    checks.append(Check("single-process", f"rank 0's parameters differ from a single-process run over the same global "
                        f"batches by up to {err:.3g}{hint}", details))
    return checks


REQUIRED_CALLS = {"DistributedDataParallel": "the prompt asks for the model wrapped in DistributedDataParallel "
                                           "(averaging gradients by hand is not DDP)"}
