"""torchrun: a training script run for real under torchrun, judged on what every rank ended with.

The exercise's check.py (trusted, grader only) defines:
    WORLD, NODES          ranks in all and torchrun agents (NODES=2: the user's `launch_args(port)`
                          returns the two agents' option lists; NODES=1: the family launches
                          `--nnodes=1 --nproc-per-node=WORLD`, c10d rendezvous on 127.0.0.1)
    CHECKS                the names of the checks `verify` returns, in order
    make_spec(gen)        {"common": {...}, "per_rank": [{...} per rank]} of plain tensors/numbers,
                          or, with a contract.yaml, `contract_case(point, gen)` -> Case("run", (spec,))
                          instead: the hand-made run is drawn at the contract's baseline point (each
                          axis's first value) and the other points run in the same launch as further
                          calls of the entry, judged a row each;
                          drawn from the run's secret seed; rank r's entry gets common | per_rank[r]
                          (plus "backend"); {"tensor_dataset": [tensors]} becomes a dataset that
                          records the indices the rank read (see rank.py)
    verify(spec, ranks)   -> list[Check], given every rank's plain result, environment and reads
    verify_launch(launches, port)  optional, for an exercise that tests the launcher: -> one Check
                          (named in CHECKS) on the agents' option lists and the port launch_args got
    REPORTED_CHECKS       optional: the CHECKS that rest on what a rank's own process recorded
                          (its environment, which agent ran it, the dataset indices it read) rather
                          than on the values it returned; they are marked `reported` (advisory under
                          strict isolation), every other check `verified`

The child (child.py) only launches and collects; everything is decided here: a rank that
raised, a rank that never returned (a hang, named by rank), a result that is not plain data,
ranks that claim the same RANK, and then the exercise's own checks against its oracle.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

import torch

from dlprep.checkers import contract
from dlprep.checkers.base import Case, Family
from dlprep.checkers.families.torchrun.rank import POINTS_KEY
from dlprep.checkers.registry import register
from dlprep.checkers.sandbox import harness
from dlprep.results import CheckResult

CUDA_ADDRESS_SPACE_MB = 1 << 20  # CUDA reserves far more virtual memory than it uses (as in triton.py)


@dataclass(frozen=True)
class Rank:
    """What one worker process ended with, as check.py's `verify` sees it."""

    rank: int
    node: int  # which agent launched it (0 or 1), from the environment the launcher set
    env: dict[str, str | None]  # torchrun's variables, read before any user code ran
    out: Any  # the entry's return value, as plain data
    reads: dict[str, list[int]] = field(default_factory=dict)  # dataset indices read, in order
    calls: dict[str, int] = field(default_factory=dict)  # collectives, DDP, Join the user's code called in this call
    group_initialized: bool | None = None  # the default process group, once the entry returned
    backends: tuple[str, ...] = ()  # of the process groups this call initialised, as torch resolved them
    points: tuple[Rank, ...] = ()  # the same rank's calls of the entry on the contract points, in order

    def env_int(self, key: str) -> int | None:
        value = self.env.get(key)
        return int(value) if value is not None and value.lstrip("-").isdigit() else None


@dataclass(frozen=True)
class Check:
    name: str
    problem: str | None = None  # None: passed
    details: dict[str, Any] = field(default_factory=dict)


class NotPlain(Exception):
    pass


def plain(d: dict[str, Any], where: str = "result") -> Any:
    """A `harness.describe` tree back to plain values; anything else is the submission's error."""
    kind = d["kind"]
    if kind == "tensor" and d.get("subclass"):  # a live nn.Parameter: ranks send back plain tensors
        d, kind = {"kind": "object", "type": d["subclass"]}, "object"
    if kind == "tensor":
        # The family's prompts ask for plain (detached) CPU tensors: the value sent back is a detached
        # CPU copy, so what the rank really returned is judged from the description's own facts. A
        # tensor still in the autograd graph (p.clone(), p * 1) or left on the GPU is the wrong kind
        # of result even when its numbers are right.
        if d.get("requires_grad"):
            raise NotPlain(f"{where} requires grad (it is still part of the autograd graph): return plain, "
                           "detached tensors (p.detach())")
        if d.get("device", "cpu") != "cpu":
            raise NotPlain(f"{where} is on {d['device']}: return plain CPU tensors (t.cpu())")
        return d["value"]
    if kind == "scalar":
        return d["value"]
    if kind == "seq":
        items = [plain(x, f"{where}[{i}]") for i, x in enumerate(d["items"])]
        return tuple(items) if d["type"] == "tuple" else items
    if kind == "dict":
        return {k: plain(v, f"{where}[{k!r}]") for k, v in d["items"].items()}
    hint = " (return p.detach() for a parameter)" if d.get("type", "").endswith("Parameter") else ""
    raise NotPlain(f"{where} is a {d.get('type')}, which cannot be sent back: return plain tensors, numbers, "
                   f"lists or dicts{hint}")


def tensor_entry(out: Any, key: str, shape: tuple[int, ...], who: str) -> str | None:
    """Why `out[key]` is not a float tensor of `shape`, or None."""
    if not isinstance(out, dict) or key not in out:
        got = sorted(out) if isinstance(out, dict) else type(out).__name__
        return f"{who} must return a dict with {key!r}; got {got}"
    t = out[key]
    if not isinstance(t, torch.Tensor) or tuple(t.shape) != shape or not t.is_floating_point():
        desc = f"shape {tuple(t.shape)} {t.dtype}" if isinstance(t, torch.Tensor) else type(t).__name__
        return f"{who}'s {key!r} must be a float tensor of shape {shape}; got {desc}"
    return None


def mse_grads(w: torch.Tensor, b: torch.Tensor, x: torch.Tensor, y: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Gradients of mean((x @ w.T + b - y) ** 2) over every element (nn.MSELoss's default)."""
    r = x @ w.T + b - y
    scale = 2.0 / r.numel()
    return scale * r.T @ x, scale * r.sum(0)


def ddp_sgd_step(w: torch.Tensor, b: torch.Tensor, batches: list[tuple[torch.Tensor, torch.Tensor]], lr: float,
                 divide_by: int) -> tuple[torch.Tensor, torch.Tensor]:
    """One SGD step of a DDP-wrapped Linear: each rank's local mean-loss gradient, summed by the
    all-reduce and divided by `divide_by` (the world size; with Join, joined ranks add zeros)."""
    gw, gb = torch.zeros_like(w), torch.zeros_like(b)
    for x, y in batches:
        dw, db = mse_grads(w, b, x.to(w.dtype), y.to(w.dtype))
        gw, gb = gw + dw, gb + db
    return w - lr * gw / divide_by, b - lr * gb / divide_by


def max_diff(a: torch.Tensor, b: torch.Tensor) -> float:
    return float((a.double() - b.double()).abs().max()) if a.numel() else 0.0


def trained_linear(spec: dict[str, Any], ranks: list[Rank]) -> tuple[Check, float | None]:
    """For exercises that train the spec's Linear: the `result` check (every rank returned a weight
    and a bias of the right shapes) and, when it passed, how far apart the ranks' parameters are."""
    c = spec["common"]
    shapes = {"weight": tuple(c["weight"].shape), "bias": tuple(c["bias"].shape)}
    bad = next((p for r in ranks for k, s in shapes.items()
                if (p := tensor_entry(r.out, k, s, f"rank {r.rank}")) is not None), None)
    if bad:
        return Check("result", bad), None
    return Check("result"), max(max_diff(r.out[k], ranks[0].out[k]) for r in ranks for k in shapes)


def _ranks_list(ranks: list[int]) -> str:
    return ", ".join(map(str, ranks))


_ERROR_LINE = re.compile(r"^[A-Za-z_][\w.]*(?:Error|Exception|Failure|Timeout)\b:? .*")


def _agent_error(facts: dict[str, Any]) -> str:
    """The last error line a failed agent printed (EADDRINUSE, a rendezvous timeout, ...), quoted."""
    for code, tail in zip(facts.get("exits", []), facts.get("agent_stderr", []), strict=False):
        if code not in (None, 0):
            lines = [m.group(0) for m in map(_ERROR_LINE.match, tail.splitlines()) if m]
            if lines:
                return f". torchrun's own error: {lines[-1][:300]}"
    return ""


@register("torchrun")
class Torchrun(Family):
    child_harness = "dlprep.checkers.families.torchrun.child:run_child"
    needs_loopback = True
    # Each process imports torch (the main cost: ~15 s for agent + 2 ranks on 2 idle cores, 40 s for the
    # six processes of a two-node launch on a loaded machine). A hang ends earlier, after straggler_s.
    timeout_s = 90.0
    straggler_s = 10.0  # how long a finished rank waits for a peer before the run counts as hung
    # One-node jobs fork their ranks from the child (forked.py) rather than start torchrun: same
    # verdicts, without an interpreter and a torch import per process. False: always torchrun.
    fork_ranks = True
    cuda_address_space_mb = CUDA_ADDRESS_SPACE_MB

    def __init__(self, ex: Any):
        super().__init__(ex)
        self.check = ex.check

    def cases(self, seed: int) -> tuple[list[Case], list[Case]]:
        """One launch: the hand-made spec, then the contract's points (each a spec of its own), which
        every rank runs as further calls of the entry in the same world (rank.py), not as more launches.
        An exercise with a contract draws its hand-made spec at the contract's baseline point, so that
        point is not run a second time: each call of the entry costs every launch of verify."""
        gen = torch.Generator().manual_seed(seed)
        declared = contract.load(self.ex.folder)
        if declared is None:
            return [], [Case("run", (self.check.make_spec(gen),))]
        baseline = tuple((a.name, a.baseline) for a in declared.axes)
        spec = self.check.contract_case(dict(baseline), gen).args[0]
        # in name order: a value named X_again then runs right after X (the same shapes twice in a row
        # with new values, where a cache keyed by shape is reused and found out)
        base = contract.case_name(baseline)
        points = sorted((c for c in self.contract_cases(seed) if c.name != base), key=lambda c: c.name)
        return [], [Case("run", (spec,)), *points]

    def backend(self, call: int = 0) -> str:
        """nccl only when every rank can have a GPU of its own (NCCL refuses two ranks on one device).
        Otherwise gloo, spelled "cpu:gloo" on every other call of the entry (contract points 1, 3, ...):
        the same backend, under a name that a solution ignoring spec["backend"] (a hard-coded "gloo",
        wrong on GPUs) does not give, so that mistake shows on a CPU machine too."""
        nodes, world = int(self.check.NODES), int(self.check.WORLD)
        if self.device == "cuda" and nodes == 1 and torch.cuda.device_count() >= world:
            return "nccl"
        return "cpu:gloo" if call % 2 else "gloo"

    def payload(self, cases: list[Case]) -> bytes:
        spec = cases[0].args[0]
        sent = self._with_backend(spec)
        if len(cases) > 1:
            sent[POINTS_KEY] = [{**self._with_backend(c.args[0], i), "name": c.name}
                                for i, c in enumerate(cases[1:], 1)]
        return harness.dump({"spec": sent, "nodes": int(self.check.NODES), "world": int(self.check.WORLD),
                             "fork_ranks": self.fork_ranks,
                             "straggler_s": float(str(self.config.get("straggler_s", self.straggler_s)))})

    def _with_backend(self, spec: dict[str, Any], call: int = 0) -> dict[str, Any]:
        return {**spec, "common": {**spec.get("common", {}), "backend": self.backend(call)}}

    # ------------------------------------------------------------------ judging

    def judge(self, public: list[Case], hidden: list[Case], facts: dict[str, Any]
              ) -> tuple[list[CheckResult], dict[str, int]]:
        spec = hidden[0].args[0]
        names = tuple(self.check.CHECKS)
        total = float(len(names))
        summary = {"count": len(names), "passed": 0}
        problem = self._run_problem(facts)
        if problem is not None:
            return [CheckResult(problem.name, problem.status, 0.0, total, problem.message,
                                details=problem.details, trust="verified")], summary
        ranks, bad = self._ranks(facts)
        points = hidden[1:]
        short = next((r for r in ranks if len(r.points) != len(points)), None)
        if bad is None and short is not None:  # fail closed: every point sent needs every rank's result
            bad = (f"rank {short.rank} returned results for {len(short.points)} of the {len(points)} contract points "
                   "sent: a verdict needs every rank's result on every point")
        if bad is not None:
            return [CheckResult("result", "fail", 0.0, total, bad, trust="verified")], summary
        reported = set(getattr(self.check, "REPORTED_CHECKS", ()))
        checks = {c.name: c for c in self.check.verify(spec, ranks)}
        if hasattr(self.check, "verify_launch"):  # an exercise that tests the launcher judges its options too
            launch = self.check.verify_launch(facts.get("launches"), facts.get("port"))
            checks[launch.name] = launch
        # verify may stop early (nothing sensible to compare once the result's shape is wrong)
        skipped = Check("", "not checked: an earlier check failed")
        tests = []
        for name in names:
            c = checks.get(name, skipped)
            tests.append(CheckResult(name, "pass" if c.problem is None else "fail", 1.0 if c.problem is None else 0.0,
                                     1.0, c.problem, details=c.details,
                                     trust="reported" if name in reported else "verified"))
        tests.extend(self._judge_points(points, ranks, reported))
        summary["count"] += len(points)
        api = self._api_check(ranks)
        if api is not None:
            tests.insert(0, api)
            summary["count"] += 1
        summary["passed"] = sum(t.status == "pass" for t in tests)
        return tests, summary

    def _judge_points(self, points: list[Case], ranks: list[Rank], reported: set[str]) -> list[CheckResult]:
        """One row per contract point: the exercise's checks on what every rank returned for it. The
        row fails on the first check that failed, verified unless that check rests on what a rank
        reported; a pass is verified (its verified checks passed). Not shrunk: no `case` detail,
        since each shrinking step would be one more launch of the world."""
        rows = []
        for i, case in enumerate(points):
            at = [r.points[i] for r in ranks]
            failed = next((c for c in self.check.verify(case.args[0], at) if c.problem is not None), None)
            if failed is None:
                rows.append(CheckResult(case.name, "pass", 1.0, 1.0, trust="verified"))
                continue
            rows.append(CheckResult(case.name, "fail", 0.0, 1.0, f"{failed.name}: {failed.problem}",
                                    details=failed.details,
                                    trust="reported" if failed.name in reported else "verified"))
        return rows

    def result_problem(self, public: list[Case], hidden: list[Case], facts: dict[str, Any]) -> str | None:
        """The results are keyed by rank, not listed per case: every one must name a rank of this
        world. A missing rank is judged as a hang or an early exit (`_unfinished`), a rank claimed
        twice as agents forming separate worlds (`_split_world`); both fail."""
        if "start_error" in facts or "launch_error" in facts or "never_meets" in facts:
            return None  # no rank ran: judged as the launch's own failure
        ranks, world = facts.get("ranks"), int(self.check.WORLD)
        if not isinstance(ranks, dict) or not all(isinstance(f, dict) for f in ranks.values()):
            return f"the run returned no per-rank results (a world of {world} ranks was launched)"
        unknown = [f.get("rank") for f in ranks.values()
                   if type(f.get("rank")) is not int or not 0 <= f["rank"] < world]
        if unknown:
            return (f"the run returned a result for rank {unknown[0]!r}, which is not a rank of this world of {world}: "
                    "a verdict needs exactly one result per rank, so this run does not count")
        return None

    def _api_check(self, ranks: list[Rank]) -> CheckResult | None:
        """The API the prompt names, used by every rank's own code: REQUIRED_CALLS (a collective, or
        DistributedDataParallel / Join built) and none of FORBIDDEN_CALLS (gathering the values to
        add them up in Python instead of the collective asked for). Recorded in the rank: reported."""
        required = dict(getattr(self.check, "REQUIRED_CALLS", {}))
        forbidden = dict(getattr(self.check, "FORBIDDEN_CALLS", {}))
        for r in ranks:
            # every call of the entry, each contract point's too: a later call that skips the collective
            # (a result kept from the first) has not used the API the prompt asks for
            for at, call in ((0, r), *enumerate(r.points, 1)):
                calls = call.calls
                where = f"rank {r.rank}'s code" + ("" if not at else f" (on contract point {at})")
                sent = self.backend(at)  # what payload gave this call (the same function of its index)
                wrong = next((b for b in call.backends if b != sent), None)
                if wrong is not None:
                    return CheckResult("api", "fail", 0.0, 1.0, f"{where} initialised the process group with backend "
                                       f"{wrong!r}, but spec['backend'] was {sent!r}: pass "
                                       "spec['backend'] as given (it is 'nccl' on GPUs)",
                                       details={"backends": list(call.backends)})
                missing = [name for name in required if not calls.get(name)]
                if missing:
                    return CheckResult("api", "fail", 0.0, 1.0, f"{where} never called {missing[0]}: "
                                       f"{required[missing[0]]}", details={"calls": calls})
                used = [name for name in forbidden if calls.get(name)]
                if used:
                    return CheckResult("api", "fail", 0.0, 1.0, f"{where} called {used[0]}: {forbidden[used[0]]}",
                                       details={"calls": calls})
        if not required and not forbidden:
            return None  # the backend alone, when right, is no row of its own
        return CheckResult("api", "pass", 1.0, 1.0, "calls: " + ", ".join(sorted(ranks[0].calls)) if ranks else None,
                           details={"calls": ranks[0].calls if ranks else {}})

    def _run_problem(self, facts: dict[str, Any]) -> CheckResult | None:
        """Whatever stops the run from being judged on its results, most specific first."""
        if "start_error" in facts:
            return CheckResult("run", "error", message=f"the sandbox could not start torchrun: {facts['start_error']}")
        if "never_meets" in facts:  # the same verdict as the hang it would be, without the wait (child.cannot_meet)
            return CheckResult("run", "timeout", message=(
                f"{facts['never_meets']}: each agent would wait in a rendezvous of its own until torchrun's rendezvous "
                "timeout and no rank would ever start (not launched: the grader read both option lists)"),
                details={"launches": facts.get("launches")})
        if "launch_error" in facts:
            err = facts["launch_error"]
            if err.get("notimpl"):
                return CheckResult("launch", "unattempted", message="not implemented yet")
            at = f" (line {err['line']})" if err.get("line") else ""
            return CheckResult("launch", "fail",
                               message=f"launch_args(port) raised {err['type']}{at}: {err['message']}")
        results = facts["ranks"]
        errors = sorted(((f["rank"], f["error"]) for f in results.values() if "error" in f), key=lambda e: e[0])
        if any(e.get("notimpl") for _, e in errors):
            return CheckResult("run", "unattempted", message="not implemented yet")
        if errors:
            rank, err = errors[0]
            at = f" (line {err['line']})" if err.get("line") else ""
            if err.get("point"):  # raised on a contract point, a further call of the entry in the same world
                at += f" on {err['point']}"
            others = f"; {len(errors) - 1} other rank(s) failed too" if len(errors) > 1 else ""
            return CheckResult("run", "fail", message=f"rank {rank} raised {err['type']}{at}: {err['message']}{others}")
        unreadable = [f["rank"] for f in results.values() if "unreadable" in f]
        if unreadable:
            return CheckResult("run", "error", message=f"the result file of rank {unreadable[0]} could not be loaded "
                               "safely (was it overwritten?)")
        world = int(self.check.WORLD)
        split = self._split_world(results, world)
        if split is not None:
            return CheckResult("run", "fail", message=split + _agent_error(facts))
        done = sorted({f["rank"] for f in results.values()})
        missing = [r for r in range(world) if r not in done]
        return self._unfinished(facts, done, missing) if missing else None

    @staticmethod
    def _split_world(results: dict[str, Any], world: int) -> str | None:
        """Ranks that did not all join one world of the expected size (a broken launch)."""
        sizes = sorted({str(f["env"].get("WORLD_SIZE")) for f in results.values()})
        claims: dict[int, list[int]] = {}
        for f in results.values():
            claims.setdefault(f["rank"], []).append(int(f["env"].get("DLPREP_NODE") or 0))
        dup = next(((r, nodes) for r, nodes in sorted(claims.items()) if len(nodes) > 1), None)
        if dup is not None:
            return (f"expected one world of {world} ranks, but RANK {dup[0]} was claimed by {len(dup[1])} processes "
                    f"(launched by agents {_ranks_list(sorted(dup[1]))}): the agents formed separate worlds")
        if results and sizes != [str(world)]:
            return (f"expected one world of {world} ranks, but the ranks that ran saw WORLD_SIZE={'/'.join(sizes)}: "
                    "the agents did not form one job")
        return None

    def _unfinished(self, facts: dict[str, Any], done: list[int], missing: list[int]) -> CheckResult:
        """Ranks without a result: hung (still running), never started, or gone without returning."""
        started, alive = set(facts["started"]), set(facts["alive"])
        hung = [r for r in missing if r in alive]
        never = [r for r in missing if r not in started]
        gone = [r for r in missing if r in started and r not in alive]
        details = {"finished": done, "unfinished": missing, "never_started": never,
                   "elapsed_s": round(float(facts["elapsed_s"]), 1), "agent_exits": facts["exits"]}
        ended = facts["ended"]
        if ended == "straggler" and hung:
            waited = facts["waited_s"] or 0.0
            return CheckResult("run", "timeout", message=(
                f"rank {_ranks_list(hung)} did not finish: {waited:.0f} s after rank {_ranks_list(done)} returned it "
                "was still running, blocked in a collective that its peers never joined (the job hangs)"),
                details=details)
        parts = []
        if hung:
            parts.append(f"rank {_ranks_list(hung)} did not finish")
        if gone:
            parts.append(f"rank {_ranks_list(gone)} exited without returning from the entry (os._exit, a crash, or "
                         "stopped by torchrun after a peer failed)")
        if never:
            parts.append("no rank started: the torchrun agents never completed the rendezvous" if not started
                         else f"rank {_ranks_list(never)} never started")
        what = "; ".join(parts)
        if ended == "deadline":
            return CheckResult("run", "timeout", message=f"timed out after {facts['elapsed_s']:.0f} s: {what}"
                               + _agent_error(facts), details=details)
        failed = [(i, e) for i, e in enumerate(facts["exits"]) if e not in (None, 0)]
        if ended == "agent failed" and failed:  # the launch itself went wrong: the user's arguments or script
            agent = "torchrun" if len(facts["exits"]) == 1 else f"torchrun agent {failed[0][0]}"
            return CheckResult("run", "fail", message=f"{agent} exited with status {failed[0][1]}: {what}"
                               + _agent_error(facts), details=details)
        exits = facts["exits"]
        prefix = f"torchrun exited (status {', '.join(map(str, exits))}) and " if None not in exits else ""
        return CheckResult("run", "error", message=prefix + what + _agent_error(facts), details=details)

    @staticmethod
    def _ranks(facts: dict[str, Any]) -> tuple[list[Rank], str | None]:
        out = []
        for f in sorted(facts["ranks"].values(), key=lambda f: f["rank"]):
            try:
                value = plain(f["out"], f"rank {f['rank']}'s result")
            except NotPlain as e:
                return [], str(e)
            calls = {str(k): int(v) for k, v in (f.get("calls") or {}).items()}
            rank = Rank(f["rank"], int(f["env"].get("DLPREP_NODE") or 0), dict(f["env"]), value,
                        {k: list(v) for k, v in f.get("reads", {}).items()}, calls,
                        group_initialized=f.get("group_initialized"),
                        backends=tuple(map(str, f.get("backends") or ())))
            points = []
            for i, p in enumerate(f.get("points") or []):
                try:
                    got = plain(p["out"], f"rank {f['rank']}'s result on contract point {i + 1}")
                except NotPlain as e:
                    return [], str(e)
                points.append(replace(rank, out=got, reads={k: list(v) for k, v in p.get("reads", {}).items()},
                                      calls={str(k): int(v) for k, v in (p.get("calls") or {}).items()},
                                      group_initialized=p.get("group_initialized"),
                                      backends=tuple(map(str, p.get("backends") or ()))))
            out.append(replace(rank, points=tuple(points)))
        return out, None
