"""Runs inside every torchrun worker: call the user's entry with this rank's spec, write what it returned.

    python -m dlprep.checkers.families.torchrun.rank JOBDIR      (child.py appends this to the agents' arguments)

JOBDIR holds job.json (the file name and entry), the user's source and spec.wire, written by
child.py. The rank is read from torchrun's environment before any user code runs. Files:
`started/<node>-<rank>` (this process's pid) first, then `results/<node>-<rank>.wire`, renamed into place when the
entry has returned or raised: its presence is the rank's "done" file. A rank that finished waits
for its peers before it leaves, the way a real job sits in its next collective: leaving at once
would make gloo fail a peer still blocked in a collective with "connection closed" instead of the
hang that NCCL and a real cluster show, and the harness could no longer name the rank that hung.
A rank whose entry raised leaves at once with status 1, so torchrun stops its peers quickly.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import torch

from dlprep.checkers.sandbox import enforce, harness

ENV_KEYS = ("RANK", "LOCAL_RANK", "WORLD_SIZE", "LOCAL_WORLD_SIZE", "GROUP_RANK", "MASTER_ADDR", "MASTER_PORT",
            "DLPREP_NODE")
DATASET_KEY = "tensor_dataset"  # a spec value {"tensor_dataset": [tensors]} becomes a RecordingDataset
POLL_S = 0.05


NEW_PASS = -1  # in `reads`: a DataLoader started a new iteration over the dataset here


class RecordingDataset(torch.utils.data.Dataset[tuple[torch.Tensor, ...]]):
    """A map-style dataset of tensor rows that remembers which indices this process read, in order:
    the grader checks the shards and the per-epoch order from it, not from what the user reports.
    Each `iter(loader)` over it first adds NEW_PASS, so a batch read for a log line (the DDP
    tutorial's `next(iter(loader))`) is a pass of its own, not part of an epoch."""

    def __init__(self, *tensors: torch.Tensor):
        self._tensors = tensors
        self.reads: list[int] = []

    def __len__(self) -> int:
        return len(self._tensors[0])

    def __getitem__(self, index: int) -> tuple[torch.Tensor, ...]:
        self.reads.append(int(index))
        return tuple(t[index] for t in self._tensors)


def rank_spec(spec: dict[str, Any], rank: int) -> tuple[dict[str, Any], dict[str, RecordingDataset]]:
    """This rank's view: the common entries plus its own per-rank ones, with datasets made live."""
    per_rank = spec.get("per_rank", [])
    mine = {**spec.get("common", {}), **(per_rank[rank] if 0 <= rank < len(per_rank) else {})}
    datasets = {}
    for key, value in mine.items():
        if isinstance(value, dict) and set(value) == {DATASET_KEY}:
            datasets[key] = RecordingDataset(*value[DATASET_KEY])
            mine[key] = datasets[key]
    return mine, datasets


COLLECTIVES = ("all_reduce", "all_gather", "all_gather_object", "all_gather_into_tensor", "gather", "gather_object",
               "broadcast", "broadcast_object_list", "reduce", "reduce_scatter", "reduce_scatter_tensor", "scatter",
               "scatter_object_list", "all_to_all", "all_to_all_single", "send", "recv", "isend", "irecv", "barrier",
               "monitored_barrier", "batch_isend_irecv")


INITS: list[str] = []  # the backend of every process group the user's code initialised, in order


def record_calls(filename: str) -> dict[str, int]:
    """Count the collectives the user's code calls itself, and the DistributedDataParallel and Join
    objects it builds (not what torch calls on its behalf: Join's own all_reduce is not the user's);
    note in INITS the backend of each process group it initialises.
    Installed before the user's file loads, so `from torch.distributed import all_reduce` gets the
    counting one too."""
    import torch.distributed as dist
    from torch.distributed.algorithms.join import Join
    from torch.nn.parallel import DistributedDataParallel

    counts: dict[str, int] = {}
    original_init = dist.init_process_group

    def init_process_group(*args: Any, **kwargs: Any) -> Any:
        out = original_init(*args, **kwargs)
        INITS.append(str(dist.get_backend()))  # as torch resolved it: "gloo", "cpu:gloo", "nccl"
        return out

    dist.init_process_group = init_process_group
    for name in COLLECTIVES:
        fn = getattr(dist, name, None)
        if fn is not None:
            setattr(dist, name, enforce.counting(fn, name, filename, counts))
    for cls in (DistributedDataParallel, Join):
        cls.__init__ = enforce.counting(cls.__init__, cls.__name__, filename, counts)  # type: ignore[method-assign]
    # ddp.join() is DDP's own spelling of the Join context manager (it builds the Join inside torch)
    DistributedDataParallel.join = enforce.counting(  # type: ignore[method-assign]
        DistributedDataParallel.join, "Join", filename, counts)
    return counts


def mark_passes() -> None:
    """DataLoader.__iter__ notes a new pass in the reads of a RecordingDataset it iterates."""
    from torch.utils.data import DataLoader

    original = DataLoader.__iter__

    def counted_iter(self: Any) -> Any:
        if isinstance(self.dataset, RecordingDataset):
            self.dataset.reads.append(NEW_PASS)
        return original(self)

    DataLoader.__iter__ = counted_iter  # type: ignore[method-assign]


POINTS_KEY = "points"  # a spec's contract points: more calls of the entry in the same world, one each
PEER_WAIT_S = 10.0
PEER_GONE = "peer_gone"  # a folder of the job: a mark per rank that waited PEER_WAIT_S for a peer in vain
POINT_POLL_S = 0.002  # peers finish a point within milliseconds of each other: a coarse poll costs every point
GROUP_STRIDE = 1000  # group numbers each point starts from (a call builds far fewer groups than this)


class PeerGone(Exception):
    """A peer never finished the previous point: it hangs in a collective this rank left."""


def _call(fn: Any, spec: dict[str, Any], rank: int, calls: dict[str, int]) -> dict[str, Any]:
    """One call of the entry on this rank's view of `spec`, and what it left behind: its own
    collectives too (`calls` counts the whole process), since a prompt's "exactly twice per call" is
    judged per call of the entry, each contract point included."""
    mine, datasets = rank_spec(spec, rank)
    before, inits = dict(calls), len(INITS)
    result = fn(mine)
    harness.stop_if_forked()
    # what the entry left behind: an exercise may ask for the group to stay up (the grader ends it)
    up = torch.distributed.is_initialized()
    backends = INITS[inits:] or ([str(torch.distributed.get_backend())] if up else [])
    return {"group_initialized": up, "backends": backends, "out": harness.describe(result),
            "reads": {k: list(d.reads) for k, d in datasets.items()},
            "calls": {k: n - before.get(k, 0) for k, n in calls.items() if n != before.get(k, 0)}}


def _next_point(jobdir: Path, index: int, tag: str, world: int, wait_s: float) -> None:
    """Between two calls of the entry: wait until every rank has finished the previous one, then end
    the group a call left up, so the next call's init_process_group starts a fresh one as a new job
    would. A peer that does not arrive in time hangs in a collective: this rank stops here and
    reports what it has, so the run is judged as that hang (the straggler rule) rather than as both
    ranks blocked in the next rendezvous until the deadline."""
    marks = jobdir / "points"
    marks.mkdir(exist_ok=True)
    (marks / f"{index}-{tag}").write_text("")
    deadline = time.monotonic() + wait_s
    while len(list(marks.glob(f"{index}-*"))) < world:
        if time.monotonic() > deadline:
            raise PeerGone(f"a peer rank did not finish contract point {index}: it is blocked in a collective")
        time.sleep(POINT_POLL_S)
    if torch.distributed.is_initialized():
        torch.distributed.destroy_process_group()
    # destroy_process_group restarts the group numbering at 0, and a group's keys in the shared store
    # are prefixed by its number: the next init would read the previous group's stale addresses (a
    # race that hangs or breaks its first collective). Every rank moves on to the same fresh numbers.
    from torch.distributed import distributed_c10d

    distributed_c10d._world.group_count = GROUP_STRIDE * (index + 1)


def _write_atomically(path: Path, data: bytes) -> None:
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def main(jobdir: Path) -> None:
    t0 = time.monotonic()
    env = {k: os.environ.get(k) for k in ENV_KEYS}
    rank, world = int(env["RANK"] or -1), int(env["WORLD_SIZE"] or 0)
    tag = f"{env['DLPREP_NODE'] or 0}-{rank}"  # two agents that formed separate worlds both have a rank 0
    job = json.loads((jobdir / "job.json").read_text())
    (jobdir / "started" / tag).write_text(str(os.getpid()))
    spec = harness.load((jobdir / "spec.wire").read_bytes())
    fact: dict[str, Any] = {"rank": rank, "env": env}
    mark_passes()
    calls = record_calls(job["filename"])
    fact["calls"] = calls  # the whole process's, until the first call of the entry returns its own
    at: dict[str, Any] | None = None  # the contract point being run, named in an error
    try:
        mod = harness.load_user_module((jobdir / "source.py").read_text(encoding="utf-8"), job["filename"])
        fn = harness.entry_point(mod, job["entry"])
        harness.stop_if_forked()
        points = spec.pop(POINTS_KEY, [])
        fact.update(_call(fn, spec, rank, calls))
        for i, point in enumerate(points):
            _next_point(jobdir, i, tag, world, float(job.get("straggler_s", PEER_WAIT_S)))
            at = point
            fact.setdefault("points", []).append(_call(fn, point, rank, calls))
    except PeerGone:  # not this rank's fault: its result stands, the peer is judged as hung
        # said before the result is written: the supervisor need not give the peer its wait again
        (jobdir / PEER_GONE).mkdir(exist_ok=True)
        (jobdir / PEER_GONE / tag).write_text("")
    except harness.UserCodeError as e:
        fact["error"] = e.info
    except BaseException as e:  # the user's, SystemExit included: it is this rank's result
        harness.stop_if_forked()
        fact["error"] = harness.error_info(e, job["filename"])
    if "error" in fact and at is not None:
        fact["error"]["point"] = str(at.get("name", ""))
    fact["seconds"] = time.monotonic() - t0
    _write_atomically(jobdir / "results" / f"{tag}.wire", harness.dump(fact))
    sys.stdout.flush()
    sys.stderr.flush()
    if "error" in fact:
        os._exit(1)
    while len(list((jobdir / "results").glob("*.wire"))) < world:
        time.sleep(POLL_S)
    if torch.distributed.is_initialized():  # every rank is done, so nothing can still be waiting on it
        torch.distributed.destroy_process_group()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)  # threads the user's code left behind must not keep the rank alive


if __name__ == "__main__":
    main(Path(sys.argv[1]))
