"""Where gradings run: a pool of warm graders on this machine, or Ray actors across a cluster.

Both `dlprep grade` and `dlprep verify` hand an executor a module-level function `work(grader,
item)` and a list of items; each worker (a thread here, a Ray actor there) owns one `Grader`, so
one warm sandbox worker, for its whole life, and results come back to the driver as they finish
through `on_result`, always called from one thread at a time (the journal is written there).

    ex = make_executor("local", jobs=2, spec=GraderSpec("cpu"))
    results = ex.map(work, items, on_result)

Ray is imported only by RayExecutor, so the local path never pays for it (and never needs it).
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
import threading
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from dlprep.errors import DlprepError, SandboxError, UsageError

if TYPE_CHECKING:
    from dlprep.checkers.grader import Grader

T = TypeVar("T")
R = TypeVar("R")
Work = Callable[["Grader", T], R]
EXECUTORS = ("local", "ray")


@dataclass(frozen=True)
class GraderSpec:
    """How each worker builds its Grader (plain data: it travels to Ray actors)."""

    device: str = "auto"
    isolation: str = "best"
    timeout: float | None = None  # overrides each exercise's own time limit
    trust: str | None = None  # verified or all (None: what `isolation` implies; see Grader)

    def build(self) -> Grader:
        from dlprep.checkers.grader import Grader

        return Grader(self.device, timeout=self.timeout, isolation=self.isolation, trust=self.trust)


class Executor(Protocol):
    workers: int

    def map(self, work: Work[T, R], items: Sequence[T], on_result: Callable[[T, R], None]) -> list[R]:
        """Run work(grader, item) for every item; results in the items' order."""
        ...


def cores() -> int:
    """The cores this process may run on (a container's or taskset's share, not the host's)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # macOS has no affinity
        return os.cpu_count() or 1


def share_cores(workers: int) -> None:
    """Give each of `workers` processes that run torch side by side its share of the cores, as
    torchrun does (OMP_NUM_THREADS=1 per rank): through OMP_NUM_THREADS, which every sandbox worker
    started afterwards inherits, and in this process (the trusted oracles of every grading thread).
    Why: torch's intra-op threads spin while they wait, so four processes of two threads each on two
    cores burn their time spinning; building one exercise's cases took 4-5x the CPU that way (4.5 s
    with one thread each against 24 s with two, four at once on 2 cores). A value the user set wins;
    one worker keeps torch's default."""
    if workers <= 1 or "OMP_NUM_THREADS" in os.environ:
        return
    import torch

    threads = max(1, cores() // workers)
    os.environ["OMP_NUM_THREADS"] = str(threads)
    torch.set_num_threads(threads)


class LocalExecutor:
    """`jobs` warm sandbox workers on this machine, one grading thread driving each."""

    def __init__(self, jobs: int, spec: GraderSpec = GraderSpec()):
        self.workers = max(1, jobs)
        share_cores(self.workers)
        self.spec = spec
        self._kept: list[Grader] = []  # warm graders kept between map calls, after warm()

    def warm(self) -> None:
        """Start every sandbox worker now and keep them for later map calls (until close)."""
        while len(self._kept) < self.workers:
            self._kept.append(self.spec.build())
        for g in self._kept:
            g.sandbox.ensure()

    def close(self) -> None:
        kept, self._kept = self._kept, []
        for g in kept:
            g.close()

    def map(self, work: Work[T, R], items: Sequence[T], on_result: Callable[[T, R], None]) -> list[R]:
        """Items are taken in the order given (callers put the longest first), each by the first
        worker that is free. Every thread takes its first item at once and starts its worker for
        it, all at the same time, warming what that item asks for (a class of a tensor-function
        exercise never imports dynamo: sandbox/warmups.py)."""
        if not items:
            return []
        graders = self._kept or [self.spec.build() for _ in range(min(self.workers, len(items)))]
        todo = deque(enumerate(items))
        results: dict[int, R] = {}
        lock = threading.Lock()  # the queue, the results, and on_result: one thread at a time

        def drive(grader: Grader) -> None:
            while True:
                with lock:
                    if not todo:
                        return
                    i, item = todo.popleft()
                try:
                    r = work(grader, item)
                except BaseException:
                    with lock:
                        todo.clear()  # the run is over: the other workers stop after their item
                    raise
                with lock:
                    results[i] = r
                    on_result(item, r)

        try:
            with ThreadPoolExecutor(len(graders)) as pool:
                for f in [pool.submit(drive, g) for g in graders]:
                    f.result()
            return [results[i] for i in range(len(items))]
        finally:
            if graders is not self._kept:
                for g in graders:
                    g.close()


# ---------------------------------------------------------------- Ray

RAY_RETRIES = 3  # a worker that dies is restarted and its tasks re-run this many times
OBJECT_STORE_BYTES = 128 * 1024**2  # sources and verdicts are small; leave the memory to the sandbox


class _GradingActor:
    """Runs on a Ray worker: one Grader (one warm sandbox worker) kept between tasks; rebuilt
    only when a task asks for other grader settings (grade's short limits, then verify's)."""

    def __init__(self, spec: GraderSpec):
        self.spec = spec
        self.grader = spec.build()
        self.grader.sandbox.ensure()  # start-up is paid once, when the actor is placed

    def call(self, spec: GraderSpec, work: Work[Any, Any], item: Any) -> Any:
        if spec != self.spec:
            self.grader.close()
            self.spec, self.grader = spec, spec.build()
        return work(self.grader, item)

    def pid(self) -> int:
        return os.getpid()


def start_ray(address: str | None, num_cpus: int = 2) -> None:
    """Connect to a cluster at `address`, or start a private local runtime that listens on
    127.0.0.1 only and reports nothing anywhere (usage stats off, no dashboard)."""
    os.environ["RAY_USAGE_STATS_ENABLED"] = "0"
    if address is None:
        # Ray's single-node mode: the node address stays the loopback one, so every Ray server
        # (GCS, raylet, workers, agents) binds 127.0.0.1 instead of all interfaces. Read by ray
        # at import time, hence set before the import.
        os.environ["RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"] = "0"
    try:
        import ray
        from ray._private import ray_constants
    except ImportError:
        raise UsageError("--executor ray needs Ray: pip install 'dlprep[ray]'") from None
    if ray.is_initialized():
        return
    if address is None:  # ray was imported before the variable was set: the same switch, by hand
        ray_constants.ENABLE_RAY_CLUSTER = False
    try:
        if address is None:
            # "local": never join a runtime someone else started on this machine
            temp = tempfile.mkdtemp(prefix="dlprep-ray-")  # sessions, sockets and logs: ours alone
            ray.init(address="local", num_cpus=num_cpus, include_dashboard=False, _node_ip_address="127.0.0.1",
                     _temp_dir=temp, object_store_memory=OBJECT_STORE_BYTES, log_to_driver=False,
                     configure_logging=False)
            atexit.register(_stop_local_ray, temp)  # runs before ray's own exit hook (last in, first out)
        else:
            ray.init(address=address, log_to_driver=False, configure_logging=False)
    except (ConnectionError, ValueError, RuntimeError) as e:
        raise UsageError(f"cannot start or reach Ray at {address or 'a local runtime'}: {e}") from None


def _ray() -> Any:
    """The ray module, untyped for our purposes (its API is largely unannotated)."""
    import ray

    return ray


def _stop_local_ray(temp: str) -> None:
    _ray().shutdown()
    shutil.rmtree(temp, ignore_errors=True)


class RayExecutor:
    """Ray actors, each holding a warm Grader; the driver feeds them and keeps two tasks in
    flight per actor. An actor that dies is restarted and its unfinished tasks re-run
    (max_restarts / max_task_retries), so a lost node loses no grading."""

    def __init__(self, jobs: int, spec: GraderSpec = GraderSpec(), address: str | None = None):
        start_ray(address)
        ray = _ray()
        self.workers = max(1, jobs or int(ray.cluster_resources().get("CPU", 1)))
        self.spec = spec
        actor_cls = ray.remote(num_cpus=1, max_restarts=RAY_RETRIES, max_task_retries=RAY_RETRIES)(_GradingActor)
        self.actors: list[Any] = [actor_cls.remote(spec) for _ in range(self.workers)]

    def pids(self) -> list[int]:
        ray = _ray()
        return list(ray.get([a.pid.remote() for a in self.actors]))

    def map(self, work: Work[T, R], items: Sequence[T], on_result: Callable[[T, R], None]) -> list[R]:
        ray = _ray()
        from ray.exceptions import RayActorError, RayTaskError

        results: dict[int, R] = {}
        todo = list(enumerate(items))[::-1]
        running: dict[Any, tuple[int, Any]] = {}  # object ref -> (item index, actor)

        def feed(actor: Any) -> None:
            if todo:
                i, item = todo.pop()
                running[actor.call.remote(self.spec, work, item)] = (i, actor)

        for actor in self.actors:
            for _ in range(2):  # one queued behind the running one: no idle gap between tasks
                feed(actor)
        while running:
            [ref], _ = ray.wait(list(running), num_returns=1)
            i, actor = running.pop(ref)
            try:
                r = ray.get(ref)
            except RayTaskError as e:  # our own error inside the actor (the user's code never raises here)
                cause = e.cause if isinstance(e.cause, BaseException) else None
                if isinstance(cause, DlprepError):
                    raise cause from None
                raise
            except RayActorError as e:  # still dead after every retry
                raise SandboxError(f"a Ray worker died {RAY_RETRIES + 1} times on one item: {e}") from None
            results[i] = r
            on_result(items[i], r)
            feed(actor)
        return [results[i] for i in range(len(items))]

    def close(self) -> None:
        ray = _ray()
        for a in self.actors:
            ray.kill(a)
        self.actors = []


def make_executor(name: str, jobs: int, spec: GraderSpec, address: str | None = None) -> LocalExecutor | RayExecutor:
    if name not in EXECUTORS:
        raise UsageError(f"unknown executor {name!r}; use {' or '.join(EXECUTORS)}")
    if jobs < 0:
        raise UsageError("--jobs must be positive")
    if name == "ray":
        return RayExecutor(jobs, spec, address)
    if address is not None:
        raise UsageError("--ray-address needs --executor ray")
    return LocalExecutor(jobs or cores(), spec)
