"""Child side of the dataloader family: run the user's sampler, collate_fn, dataset, worker_init_fn
or loader for real, with worker processes where the exercise has them, and collect raw facts.

One probe per exercise (its check.py names it), each taking the user's entry and one case as plain
data and returning plain data: the batches as index lists or `harness.describe` trees, which worker
produced what, how many processes were still alive at the moments that matter. Nothing is judged
here. The datasets the probes hand to the user's code are defined in this module, so forked
DataLoader workers have them without importing anything.

Every case runs under its own alarm, so a loader that hangs costs one case, not the run; whatever
a case left running is counted, then killed, before the next case starts.
"""

from __future__ import annotations

import gc

# A DataLoader with workers (or a loader written from scratch) imports these on first use; imported
# here, in the warm worker, no run pays for them.
import multiprocessing.context
import multiprocessing.popen_fork  # noqa: F401
import multiprocessing.queues  # noqa: F401
import multiprocessing.resource_sharer  # noqa: F401
import multiprocessing.synchronize  # noqa: F401
import os
import random
import re
import signal
import sys
import threading
import time
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset, IterableDataset, Sampler, default_collate, get_worker_info

from dlprep.checkers.sandbox import global_rng, harness
from dlprep.checkers.sandbox.isolation import children_of, reap_zombies

_TENSOR = torch.Tensor
_py_random = random.random
SETTLE_S = 1.0  # how long worker processes may take to exit once the loader says it is done
POLL_S = 0.02
DATASET_SEED = 1234  # the fixed seed a naive dataset gives its own numpy Generator


class CaseTimeout(BaseException):
    """Raised by the alarm inside the user's code: a BaseException, so `except Exception` in a
    loader (or in torch's own) cannot swallow it."""


@contextmanager
def _alarm(seconds: float) -> Iterator[None]:
    def fire(signum: int, frame: Any) -> None:
        raise CaseTimeout

    previous = signal.signal(signal.SIGALRM, fire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# ---------------------------------------------------------------------- processes

def _state(pid: int) -> str | None:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return None


def live_descendants() -> list[int]:
    """Running (not zombie) processes below this one; orphans re-parent to us when we are pid 1."""
    found, todo = [], [os.getpid()]
    while todo:
        kids = children_of(todo.pop())
        todo += kids
        found += [p for p in kids if _state(p) not in (None, "Z", "X")]
    return found


def settled_count(grace_s: float = SETTLE_S) -> int:
    """Live descendants once they have had `grace_s` to exit (returns early when none are left)."""
    deadline = time.monotonic() + grace_s
    while True:
        n = len(live_descendants())
        if n == 0 or time.monotonic() >= deadline:
            return n
        time.sleep(POLL_S)


@contextmanager
def _children_ignored() -> Iterator[None]:
    """SIGCHLD at its default while we clean up: torch's DataLoader handler (installed by the
    first multi-worker iterator) raises in whatever code runs when a worker it knows dies, and the
    workers we kill here must not fail our own code."""
    previous = signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    try:
        yield
    finally:
        signal.signal(signal.SIGCHLD, previous)


def _kill_and_reap() -> None:
    """SIGKILL whatever a case left running and reap our own children among them, so that neither
    a later case nor torch's worker bookkeeping (which reports killed workers it can still see)
    trips over them."""
    killed: set[int] = set()
    for _ in range(100):
        pids = live_descendants()
        if not pids:
            break
        for p in pids:
            try:
                os.kill(p, signal.SIGKILL)
                killed.add(p)
            except (ProcessLookupError, PermissionError):
                pass
        time.sleep(POLL_S)
    for p in killed:
        try:
            os.waitpid(p, os.WNOHANG)
        except ChildProcessError:  # a grandchild: its parent (or init) reaps it
            pass



def _settle_threads(timeout_s: float = 1.0) -> None:
    """multiprocessing queues flush through a feeder thread that ends shortly after the queue is
    closed or collected: give those a moment, so that only threads the user keeps count."""
    deadline = time.monotonic() + timeout_s
    for t in threading.enumerate():
        if t.name.startswith("QueueFeederThread") and t is not threading.current_thread():
            t.join(max(0.0, deadline - time.monotonic()))


def batches_of(loader: DataLoader[Any]) -> Iterator[Any]:
    """Iterate a torch DataLoader; when the user's code raises in it, shut its workers down at
    once. Left to the garbage collector, an iterator that raised sits in a reference cycle with
    its queues, and torch's shutdown then waits 5 s per worker for a stop message never sent."""
    it = iter(loader)
    try:
        yield from it
    except GeneratorExit:
        raise
    except BaseException:
        shutdown = getattr(it, "_shutdown_workers", None)
        if shutdown is not None:
            shutdown()
        raise


# ---------------------------------------------------------------------- plain conversions

class NotIndices(Exception):
    pass


def index_list(batch: Any, where: str) -> list[int]:
    """A batch of indices as list[int]: a list/tuple of ints or a 1-D integer tensor."""
    if type(batch) is _TENSOR and batch.dim() == 1 and not batch.is_floating_point() and batch.dtype != torch.bool:
        return [int(v) for v in batch.tolist()]
    if type(batch) in (list, tuple) and all(type(v) is int for v in batch):
        return list(batch)
    if type(batch) in (list, tuple):
        bad = next(v for v in batch if type(v) is not int)
        raise NotIndices(f"{where} holds a {type(bad).__name__}; indices must be Python ints")
    raise NotIndices(f"{where} is a {type(batch).__name__}, expected a list of ints")


def collect_batches(iterable: Any, limit: int, where: str) -> dict[str, Any]:
    """Up to `limit` batches of indices, or why they are not index lists."""
    out: list[list[int]] = []
    for k, b in enumerate(iterable):
        if k >= limit:
            return {"batches": out, "endless": True}
        try:
            out.append(index_list(b, f"{where}: batch {k}"))
        except NotIndices as e:
            return {"invalid": str(e)}
    return {"batches": out}


def user_error(e: BaseException, filename: str) -> dict[str, Any]:
    """error_info, but an exception that a DataLoader re-raised from a worker process is named by
    its last line and by the line of the user's file in the worker's traceback, not by the whole
    traceback text that torch puts in its message (cut off before the useful part)."""
    info = harness.error_info(e, filename)
    text = str(e)
    # torch's "Original Traceback", or a loader of the user's own that puts the worker's formatted
    # traceback in its message: either way the worker's error is the traceback's last line
    if "Original Traceback" in text or "Traceback (most recent call last)" in text:
        last = [line for line in text.splitlines() if line.strip()][-1]
        info["message"] = f"in a DataLoader worker process: {last}"[:500]
        lines = re.findall(rf'File "{re.escape(filename)}", line (\d+)', text)
        if lines:
            info["line"] = int(lines[-1])
    return info


# ---------------------------------------------------------------------- batch sampler

def sampler_probe(entry: Any, spec: dict[str, Any], filename: str) -> dict[str, Any]:
    """Two epochs of one instance, a second instance with the same seed, instances with other
    seeds, and one driving a real DataLoader as its batch_sampler."""
    lengths, bs, seed = list(spec["lengths"]), int(spec["batch_size"]), int(spec["seed"])
    limit = len(lengths) + 2
    before = global_rng.snapshot()
    kinds = sorted({type(b).__name__ for b, _ in zip(entry(list(lengths), bs, seed), range(limit), strict=False)})

    def run(s: Any) -> dict[str, Any]:
        first = collect_batches(s, limit, "epoch 1")
        again = collect_batches(s, limit, "epoch 2")
        return {"first": first, "again": again, "len": len(s)}

    # The same-seed twin is built before the first sampler is iterated (two live objects) and is
    # asked len() before its first epoch, as DataLoader does: a generator shared by the class, or
    # one that len() draws from, shows as other batches than the first sampler's.
    main, twin = entry(list(lengths), bs, seed), entry(list(lengths), bs, seed)
    len(twin)
    others = [run(entry(list(lengths), bs, int(s)))["first"] for s in spec["other_seeds"]]
    fact: dict[str, Any] = {"run": run(main), "same_seed": collect_batches(twin, limit, "epoch 1"),
                            "other_seeds": others}
    # reseeding `random` or torch's global RNG changes everybody else's stream; measured before the
    # DataLoader below, whose iterator draws its base seed from torch's global RNG itself
    fact["global_rng_changed"] = global_rng.changed(before)
    indices: list[int] = list(range(len(lengths)))
    loader: DataLoader[int] = DataLoader(indices, batch_sampler=entry(list(lengths), bs, seed))  # type: ignore[arg-type]
    fact["loader"] = collect_batches(loader, limit, "DataLoader(batch_sampler=...)")
    fact["loader_len"] = len(loader)
    fact["batch_types"] = kinds
    return fact


# ---------------------------------------------------------------------- collate_fn

def _same(a: torch.Tensor, b: torch.Tensor) -> bool:
    """Equal values and dtype, NaN equal to NaN (torch.equal calls a NaN input changed)."""
    if a.dtype != b.dtype:
        return False
    if not a.is_floating_point():
        return torch.equal(a, b)
    nan = a.isnan()
    return torch.equal(nan, b.isnan()) and torch.equal(a[~nan], b[~nan])


def collate_probe(entry: Any, spec: dict[str, Any], filename: str) -> dict[str, Any]:
    batch = [(seq.clone(), int(label)) for seq, label in spec["batch"]]
    kept = [seq.clone() for seq, _ in batch]
    # "default_padding": call with the batch alone, as DataLoader(collate_fn=...) does
    # "keyword_padding": padding_value=... by name, as the prompt's signature allows
    if spec.get("default_padding"):
        out = entry(batch)
    elif spec.get("keyword_padding"):
        out = entry(batch, padding_value=spec["padding_value"])
    else:
        out = entry(batch, spec["padding_value"])
    harness.stop_if_forked()
    changed = [i for i, ((seq, _), k) in enumerate(zip(batch, kept, strict=True))
               if type(seq) is not _TENSOR or seq.shape != k.shape or not _same(seq, k)]
    return {"out": harness.describe(out), "changed": changed}


# ---------------------------------------------------------------------- iterable dataset

def _as_int(v: Any) -> int:
    if type(v) is int:
        return v
    if type(v) is _TENSOR and v.dim() == 0 and not v.is_floating_point() and v.dtype != torch.bool:
        return int(v)  # a 0-d integer tensor stands for its value
    raise NotIndices(f"the dataset yielded a {type(v).__name__}; yield Python ints")


def _tag_with_worker(samples: Any) -> dict[str, Any]:
    """collate_fn run inside the worker: the items as ints, and which worker produced them."""
    info = get_worker_info()
    worker = -1 if info is None else info.id
    try:
        return {"worker": worker, "items": [_as_int(v) for v in (samples if type(samples) is list else [samples])]}
    except NotIndices as e:
        return {"worker": worker, "invalid": str(e)}


def _next_id_used() -> int:
    """Take the next pid off the kernel's counter and return it: on Linux a thread's id comes from
    the same counter as a process's pid, and a thread that does nothing starts and ends in tens of
    microseconds, where a fork of this process (torch imported, hundreds of MB mapped) costs
    milliseconds. Elsewhere threads take no pid: a throwaway fork then."""
    if sys.platform.startswith("linux"):
        seen: list[int] = []
        t = threading.Thread(target=lambda: seen.append(threading.get_native_id()))
        t.start()
        t.join()
        return seen[0]
    pid = os.fork()
    if pid == 0:
        os._exit(0)
    os.waitpid(pid, 0)
    return pid


class _CongruentPids(multiprocessing.context.ForkContext):
    """A fork context whose worker processes all get pids equal modulo the worker count: it uses
    up pids (`_next_id_used`) before each worker until the next pid is congruent to the first
    worker's. pids are handed out in order, so a stream sharded by os.getpid() % num_workers
    (right only while the workers' pids happen to be consecutive) gives every worker the same
    shard, as it would on a busy machine; sharding by get_worker_info().id is unaffected."""

    def __init__(self, workers: int):
        super().__init__()
        self.workers = workers
        self.first: int | None = None

    # A method, not the class attribute it overrides: DataLoader only calls ctx.Process(...).
    def Process(self, *args: Any, **kwargs: Any) -> Any:  # type: ignore[override]  # noqa: N802 - the API's name
        ctx = self

        class Spaced(multiprocessing.context.ForkProcess):
            def start(self) -> None:
                if ctx.first is not None:
                    for _ in range(2 * ctx.workers):  # bounded: pids may also be taken by others
                        if (_next_id_used() + 1 - ctx.first) % ctx.workers == 0:
                            break
                super().start()
                if ctx.first is None:
                    ctx.first = self.pid

        return Spaced(*args, **kwargs)


def _worker_context(workers: int) -> dict[str, Any]:
    """DataLoader arguments that start its workers as `_CongruentPids` does, where workers are forked."""
    if workers < 2 or multiprocessing.get_start_method(allow_none=False) != "fork":
        return {}  # one worker has nothing to collide with; spawn (macOS) keeps its own start method
    return {"multiprocessing_context": _CongruentPids(workers)}


def iterable_probe(entry: Any, spec: dict[str, Any], filename: str) -> dict[str, Any]:
    start, end = int(spec["start"]), int(spec["end"])
    limit = 2 * max(end - start, 0) + 8  # a stream that never ends is cut here
    runs = []
    for cfg in spec["configs"]:
        ds = entry(start, end)
        if not isinstance(ds, IterableDataset):
            return {"not_iterable": type(ds).__name__}
        extra: dict[str, Any] = {"persistent_workers": True} if cfg["persistent"] else {}
        extra.update(_worker_context(cfg["workers"]))
        loader = DataLoader(ds, batch_size=cfg["batch_size"], num_workers=cfg["workers"],
                            collate_fn=_tag_with_worker, **extra)
        epochs = []
        for _ in range(cfg["epochs"]):
            got: list[dict[str, Any]] = []
            seen = 0
            for b in batches_of(loader):
                got.append(b)
                seen += len(b.get("items", []))
                if "invalid" in b or seen > limit:
                    break
            epochs.append(got)
        del loader
        gc.collect()
        runs.append({"epochs": epochs, "left": settled_count()})
    return {"runs": runs}


# ---------------------------------------------------------------------- worker_init_fn

class NoisyDataset(Dataset[dict[str, Any]]):
    """An augmenting dataset as users write it: its own numpy Generator, seeded once in __init__.
    DataLoader re-seeds torch, `random` and numpy's global RNG in each worker, but not this one; the
    dataset draws from torch's and `random`'s too, whose per-worker seeding must be left alone."""

    def __init__(self, n: int):
        self.n = n
        self.rng = np.random.default_rng(DATASET_SEED)

    def __len__(self) -> int:
        return self.n

    def __getitem__(self, i: int) -> dict[str, Any]:
        info = get_worker_info()
        seed = -1 if info is None else int(info.seed)  # in two halves: a 64-bit seed overflows int64
        # torch_noise, py_noise: augmentations from the worker's global torch and `random` RNGs, which
        # the DataLoader seeds per worker (base seed + worker id); a worker_init_fn that reseeds either
        # with a constant, the worker id alone or the base seed alone makes workers or runs repeat it
        return {"i": i, "noise": torch.from_numpy(self.rng.random(2)), "torch_noise": torch.rand(2),
                "py_noise": torch.tensor([_py_random(), _py_random()], dtype=torch.float64),
                "worker": -1 if info is None else info.id, "seed": torch.tensor([seed >> 32, seed & 0xFFFFFFFF])}


def worker_seed_probe(entry: Any, spec: dict[str, Any], filename: str) -> dict[str, Any]:
    runs = []
    for run in spec["runs"]:
        extra: dict[str, Any] = {"persistent_workers": True} if spec["persistent"] else {}
        loader = DataLoader(NoisyDataset(int(spec["n"])), batch_size=int(spec["batch_size"]),
                            num_workers=int(spec["workers"]), worker_init_fn=entry,
                            generator=torch.Generator().manual_seed(int(run["seed"])), **extra)
        epochs = []
        for _ in range(int(run["epochs"])):
            batches = list(batches_of(loader))
            epochs.append({k: torch.cat([b[k].reshape(len(b["i"]), -1) for b in batches])
                           for k in ("i", "noise", "torch_noise", "py_noise", "worker", "seed")})
        del loader
        runs.append(epochs)
    return {"runs": runs}


# ---------------------------------------------------------------------- a loader from scratch

class RecordingDataset(Dataset[dict[str, Any]]):
    """Map-style data that says which process loaded each sample; some samples are slow (so that a
    loader returning batches as they complete gets them out of order), one may be corrupt."""

    def __init__(self, x: torch.Tensor, y: torch.Tensor, slow: list[int], delay_s: float, corrupt: int | None):
        self.x, self.y, self.slow, self.delay_s, self.corrupt = x, y, set(slow), delay_s, corrupt

    def __len__(self) -> int:
        return len(self.x)

    def __getitem__(self, i: int) -> dict[str, Any]:
        if i in self.slow:
            time.sleep(self.delay_s)
        if i == self.corrupt:
            raise ValueError(f"sample {i} is corrupt")
        return {"x": self.x[i], "y": int(self.y[i]), "pid": os.getpid(),
                "daemon": int(multiprocessing.current_process().daemon)}


class EpochSampler(Sampler[int]):
    """The case's sampler as torch's RandomSampler behaves: every iter() starts a new pass in a new
    order (the case's order first, then rotated one more place each time), so a loader that iterates
    it twice in one epoch (once to count, once to batch) batches another order; `iters` counts the
    passes. It has a length, as torch's samplers do."""

    def __init__(self, order: list[int]):
        self.order, self.iters = list(order), 0

    def __len__(self) -> int:
        return len(self.order)

    def __iter__(self) -> Iterator[int]:
        shift = self.iters % len(self.order) if self.order else 0
        self.iters += 1
        return iter(self.order[shift:] + self.order[:shift])


def reversed_collate(samples: list[Any]) -> Any:
    """A collate_fn the user's loader must call instead of its default: the batch in reverse order."""
    return default_collate(samples[::-1])


COLLATE_FNS: dict[str, Callable[[list[Any]], Any]] = {"reversed": reversed_collate}


def loader_probe(entry: Any, spec: dict[str, Any], filename: str) -> dict[str, Any]:
    ds = RecordingDataset(spec["x"], spec["y"], list(spec["slow"]), float(spec["delay_s"]), spec["corrupt"])
    kwargs: dict[str, Any] = {}
    if not spec.get("defaults"):  # "defaults": batch_size and num_workers left out (1 and 0)
        kwargs = {"batch_size": int(spec["batch_size"]), "num_workers": int(spec["workers"])}
    if spec.get("collate") is not None:
        kwargs["collate_fn"] = COLLATE_FNS[spec["collate"]]
    sampler = None if spec["sampler"] is None else EpochSampler(list(spec["sampler"]))
    if sampler is not None:
        kwargs["sampler"] = sampler
    if spec["drop_last"]:
        kwargs["drop_last"] = True
    stop_after = spec["stop_after"]  # abandon the iterator after this many batches (None: run to the end)
    limit = len(ds) + 2
    fact: dict[str, Any] = {"main_pid": os.getpid(), "batches": []}
    loader = entry(ds, **kwargs)
    it = iter(loader)
    try:
        for b in it:
            harness.stop_if_forked()
            fact["batches"].append(harness.describe(b))
            if len(fact["batches"]) >= limit or len(fact["batches"]) == stop_after:
                break
        else:
            fact["exhausted_left"] = settled_count()
    except (CaseTimeout, KeyboardInterrupt):
        raise
    except Exception as e:
        harness.stop_if_forked()
        fact["raised"] = user_error(e, filename)
    if sampler is not None:
        fact["sampler_iters"] = sampler.iters  # passes over the sampler in this one epoch
    del it
    if int(spec.get("epochs", 1)) > 1 and stop_after is None and "raised" not in fact:
        # a second pass over the same loader object: torch's starts a new iter(sampler), so a sampler
        # listed once in __init__ (or a one-shot iterator) shows here
        before = sampler.iters if sampler is not None else 0
        fact["epoch2"] = []
        try:
            for b in loader:
                harness.stop_if_forked()
                fact["epoch2"].append(harness.describe(b))
                if len(fact["epoch2"]) >= limit:
                    break
        except (CaseTimeout, KeyboardInterrupt):
            raise
        except Exception as e:
            harness.stop_if_forked()
            fact["raised2"] = user_error(e, filename)
        if sampler is not None:
            fact["sampler_iters2"] = sampler.iters - before
    del loader
    gc.collect()
    # Once workers outlived the end of the iteration, that is the finding: no second wait.
    fact["dropped_left"] = settled_count(0.0 if fact.get("exhausted_left") else SETTLE_S)
    return fact


# Each probe: (the user's entry, one case's spec, the user's file name for error lines) -> facts.
PROBES: dict[str, Callable[[Any, dict[str, Any], str], dict[str, Any]]] = {
    "batch_sampler": sampler_probe, "collate": collate_probe, "iterable": iterable_probe,
    "worker_seed": worker_seed_probe, "loader": loader_probe,
}


def run_child(job: dict[str, Any], payload: bytes) -> bytes:
    data = harness.load(payload)
    # Cases collect the user's garbage (an abandoned iterator in a reference cycle must shut its
    # workers down before they are counted); a full collection over everything the warm worker
    # imported takes ~0.4 s, so those objects are set aside first.
    gc.freeze()
    # The probes choose the worker counts; torch's advice about the host's cores is noise here.
    warnings.filterwarnings("ignore", message="This DataLoader will create", category=UserWarning)
    _, entry, failed = harness.load_solution(job)
    if failed is not None:
        return failed
    probe = PROBES[job["probe"]]
    out: list[dict[str, Any]] = []
    for spec in data["cases"]:
        if any("hung" in f for f in out):  # one hang costs one case's time limit, not every case's
            out.append({"skipped": True})
            continue
        try:
            with _alarm(float(job["case_timeout"])):
                fact = probe(entry, spec, job["filename"])
        except CaseTimeout:
            fact = {"hung": True}
        except BaseException as e:
            fact = {"error": user_error(e, job["filename"])}
        harness.stop_if_forked()
        with _children_ignored():
            gc.collect()  # an abandoned iterator in a reference cycle shuts its workers down now
            fact["left"] = settled_count(0.0)
            _kill_and_reap()
        out.append(fact)
    _settle_threads()
    reap_zombies()
    return harness.dump({"cases": out, **harness.run_facts()})
