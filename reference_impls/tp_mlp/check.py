"""Trusted checker data for `tp_mlp` (imported by the grader only): a Megatron-style tensor-parallel
MLP, y = gelu(x W1^T + b1) W2^T + b2, over 2 ranks: W1 split by rows (column-parallel), W2 by
columns (row-parallel). Each rank is given only its shards, so its output needs communication.
The oracle runs the whole model in float64 on one process and slices the gradients per rank.

Threat list (how a candidate gets this wrong -> what kills it):
- the row-parallel partial output never all-reduced -> "y" (diagnosed: it equals the rank's
  partial) and "in sync".
- b2 added before the all_reduce (every rank adds it, so it counts twice) -> "y" (diagnosed).
- dL/dx not all-reduced in backward (f missing: identity both ways) -> "grad_x" (diagnosed).
- the forward sum done with torch.distributed.nn.functional.all_reduce, whose backward all-reduces
  the already replicated gradient -> grad_w2, grad_w1, grad_b1, grad_x all twice too large
  (diagnosed) (wrong/dist_nn_all_reduce).
- every gradient all-reduced afterwards as DDP would -> grad_b2 twice too large, shard gradients
  summed across different shards (wrong/ddp_style_grad_sync).
- the loss divided by the world size as in data parallelism -> every gradient halved.
- gathering the shards (all_gather) and running the full model locally -> FORBIDDEN_CALLS; the
  same through all_reduce of zero-padded shards -> "collectives" (exactly 2 all_reduce calls per
  rank, counted in the rank's process: reported) (wrong/rebuild_full_weights). Not seen: that
  rebuild padded to exactly two calls, since the family counts calls, not what they carry.
- DDP-style gradient sync -> also "collectives" (2 + 4 calls).
- any other communication (a barrier "so both ranks finish together", a reduce to rank 0) ->
  FORBIDDEN_CALLS: every collective the family counts but all_reduce.
- the process group destroyed before returning, though the prompt says to leave it up -> "process
  group" (read in the rank right after the entry returns).
- state kept from one call to the next (a module-level "initialised" flag, tensors saved in a global
  list instead of ctx, parameters cached by shape whose .grad is never reset), or sizes assumed -> the
  contract points (size: drawn, smallest, largest, then largest_again: the same shapes, new values),
  each one more call of main in the same world, its all_reduce calls counted per call
  (wrong/init_once_flag, wrong/global_saved_activations, wrong/cached_params_grad_accum).
- spec["backend"] ignored for a hard-coded "gloo" (wrong on GPUs) -> api: the family sends gloo spelled
  "cpu:gloo" on every other call and compares the backend each group was initialised with
  (wrong/hardcoded_gloo).
"""

import torch
import torch.nn.functional as F

from dlprep.checkers.base import Case
from dlprep.checkers.families.torchrun.judge import Check
from dlprep.checkers.families.torchrun.rank import COLLECTIVES

WORLD, NODES = 2, 1
GRADS = ("grad_x", "grad_w1", "grad_b1", "grad_w2", "grad_b2")
KEYS = ("y", *GRADS)
CHECKS = ("result", "process group", "in sync", *KEYS, "collectives")
REPORTED_CHECKS = ("collectives", "process group")  # read in the rank's own process
ALL_REDUCES = 2  # one forward (the partial outputs), one backward (dL/dx): Megatron's g and f
RTOL, ATOL = 1e-4, 1e-5


def _sizes(kind, gen):
    """batch, d_in, d_out in 3..6 and an even hidden in 6..12: drawn, or the smallest or largest the prompt allows."""
    if kind == "smallest":
        return 3, 3, 3, 6
    if kind in ("largest", "largest_again"):  # _again runs right after (the family orders points by name)
        return 6, 6, 6, 12
    batch, d_in, d_out = (int(v) for v in torch.randint(3, 7, (3,), generator=gen))
    return batch, d_in, d_out, 2 * int(torch.randint(3, 7, (), generator=gen))


def contract_case(point, gen):
    batch, d_in, d_out, hidden = _sizes(point["size"], gen)
    w1, b1 = torch.randn(hidden, d_in, generator=gen) / d_in ** 0.5, torch.randn(hidden, generator=gen)
    w2, b2 = torch.randn(d_out, hidden, generator=gen) / hidden ** 0.5, torch.randn(d_out, generator=gen)
    x, grad_y = torch.randn(batch, d_in, generator=gen), torch.randn(batch, d_out, generator=gen)
    half = hidden // 2
    per_rank = [{"w1": w1[r * half:(r + 1) * half].clone(), "b1": b1[r * half:(r + 1) * half].clone(),
                 "w2": w2[:, r * half:(r + 1) * half].clone()} for r in range(WORLD)]
    return Case("run", ({"common": {"x": x, "b2": b2, "grad_y": grad_y}, "per_rank": per_rank},))


def _full(spec):
    """The single-process model in float64, its output and gradients."""
    pr = spec["per_rank"]
    w1 = torch.cat([p["w1"] for p in pr]).double().requires_grad_(True)
    b1 = torch.cat([p["b1"] for p in pr]).double().requires_grad_(True)
    w2 = torch.cat([p["w2"] for p in pr], dim=1).double().requires_grad_(True)
    c = spec["common"]
    x, b2 = c["x"].double().requires_grad_(True), c["b2"].double().requires_grad_(True)
    a = F.linear(x, w1, b1)
    a.retain_grad()
    h = F.gelu(a)
    partials = [F.linear(h[:, r * p["w1"].shape[0]:(r + 1) * p["w1"].shape[0]],
                         w2[:, r * p["w1"].shape[0]:(r + 1) * p["w1"].shape[0]]) for r, p in enumerate(pr)]
    y = sum(partials) + b2
    (y * c["grad_y"].double()).sum().backward()
    half = pr[0]["w1"].shape[0]
    # each rank's own share of dL/dx: what a rank returns when nothing sums them in backward
    x_parts = [a.grad[:, r * half:(r + 1) * half] @ w1.detach()[r * half:(r + 1) * half] for r in range(len(pr))]
    return {"y": y.detach(), "grad_x": x.grad, "grad_w1": w1.grad, "grad_b1": b1.grad, "grad_w2": w2.grad,
            "grad_b2": b2.grad, "partials": [p.detach() for p in partials], "x_parts": x_parts}


def _expected(full, key, rank, half):
    t = full[key]
    if key in ("grad_w1", "grad_b1"):
        return t[rank * half:(rank + 1) * half]
    if key == "grad_w2":
        return t[:, rank * half:(rank + 1) * half]
    return t


def _close(a, b):
    return a.shape == b.shape and bool(torch.allclose(a.double(), b.double(), rtol=RTOL, atol=ATOL))


def verify(spec, ranks):
    got = []
    for r in ranks:
        out = r.out if isinstance(r.out, dict) else {}
        bad = [k for k in KEYS if not (isinstance(out.get(k), torch.Tensor) and out[k].is_floating_point())]
        if bad:
            return [Check("result", f"rank {r.rank} must return a dict of float tensors with the keys "
                          f"{', '.join(map(repr, KEYS))}; {bad[0]!r} is missing or not a float tensor")]
        got.append(out)
    checks = [Check("result")]
    gone = [r.rank for r in ranks if r.group_initialized is False]
    checks.append(Check("process group", None if not gone else (
        f"rank {gone[0]} destroyed the process group before returning; the prompt says to leave it initialised "
        "(the grader destroys it once every rank is done)")))
    replicated = ("y", "grad_x", "grad_b2")
    off = [r.rank for r, g in zip(ranks, got, strict=True) if not all(_close(g[k], got[0][k]) for k in replicated)]
    checks.append(Check("in sync", None if not off else (
        f"rank {off[0]}'s y, grad_x or grad_b2 differ from rank 0's: those are replicated, every rank must end "
        "with the same values")))
    full = _full(spec)
    half = spec["per_rank"][0]["w1"].shape[0]
    for key in KEYS:
        problem, details = None, {}
        for r, g in zip(ranks, got, strict=True):
            want = _expected(full, key, r.rank, half)
            if _close(g[key], want):
                continue
            mine = g[key].double()
            if mine.shape != want.shape:
                problem = f"rank {r.rank}'s {key} has shape {tuple(mine.shape)}, expected {tuple(want.shape)}"
            else:
                err = float((mine - want).abs().max())
                problem = f"rank {r.rank}'s {key} is off by up to {err:.3g} from the single-process model's"
                details = {"max_abs_err": err}
                if _close(mine, 2 * want):
                    problem += (": it is exactly twice the right value (a gradient all-reduced where it was already "
                                "the same on every rank, or a bias added on both ranks)")
                elif _close(mine, want / 2):
                    problem += ": it is half the right value (the loss or a gradient divided by the world size)"
                elif key == "y" and _close(mine, full["partials"][r.rank]):
                    problem += ": it is this rank's partial sum; the row-parallel output must be all-reduced"
                elif key == "y" and _close(mine, full["partials"][r.rank] + spec["common"]["b2"].double()):
                    problem += ": it is this rank's partial sum plus b2, never all-reduced"
                elif key == "y" and _close(mine, full["y"] + spec["common"]["b2"].double()):
                    problem += ": b2 was added before the all_reduce, so it counts once per rank"
                elif key == "grad_x" and any(_close(mine, part) for part in full["x_parts"]):
                    problem += (": each rank's dL/dx holds only its own hidden units' part; sum them across ranks "
                                "in backward")
            break
        checks.append(Check(key, problem, details))
    counts = [(r.rank, r.calls.get("all_reduce", 0)) for r in ranks]
    wrong = [(rank, n) for rank, n in counts if n != ALL_REDUCES]
    checks.append(Check("collectives", None if not wrong else (
        f"rank {wrong[0][0]} called torch.distributed.all_reduce {wrong[0][1]} time(s); the prompt asks for exactly "
        f"{ALL_REDUCES} per rank: one for the row-parallel output in forward and one for dL/dx in backward"),
        {"all_reduce": dict(counts)}))
    return checks


REQUIRED_CALLS = {"all_reduce": "the prompt asks for torch.distributed.all_reduce, called from your own code"}
_GATHER = "gathering the shards to run the whole model on one rank is not tensor parallelism"
_ONLY = "the prompt allows no communication but torch.distributed.all_reduce"
# Every collective and point-to-point call but all_reduce (the family's COLLECTIVES): a barrier or a
# reduce to one rank is communication the prompt rules out as much as a gather is.
FORBIDDEN_CALLS = {name: _GATHER if "gather" in name or "broadcast" in name or name in ("send", "recv", "isend", "irecv")
                   else _ONLY for name in COLLECTIVES if name != "all_reduce"}
