"""Child side of the triton family: run the launcher on guarded views, collect raw facts only.

Facts per case and per autotune config: the buffers after the call (the grader compares them bit
for bit with what it sent), how many times the module's kernels were launched, and, under the
interpreter, the first load that hit a guard or padding element. Per file: the kernels found at
module level, whether each is interpreted or compiled, every num_warps a config or launch asked
for, and on a GPU the launcher's median time.
triton is imported lazily: the warm worker has already imported it (so this is a dict lookup),
and a machine without triton can still import this module.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import numpy as np
import torch

from dlprep.checkers.sandbox import harness

GUARD = 1 << 14  # as in triton.py: the timing buffers get the same margin


def _warps(value: Any) -> Any:
    """num_warps as a JSON value: an int as it is, anything else by its repr (the judge rejects it)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else repr(value)


class Kernels:
    """The module's kernel objects, each innermost function wrapped with a launch counter."""

    def __init__(self, mod: Any):
        from triton.runtime.autotuner import Autotuner
        from triton.runtime.interpreter import InterpretedFunction
        from triton.runtime.jit import KernelInterface

        self.launches = 0
        self.running = 0  # > 0 while a kernel runs: torch ops then are the interpreter's, not the host's
        self.found: list[dict[str, Any]] = []
        self.tuners: list[tuple[Any, list[Any]]] = []  # (autotuner, its own configs)
        self._pinned: list[list[Any]] = []  # per autotuner, the configs that runs go through
        self._interpreted = False
        # every num_warps a config or a launch asks for: the interpreter drops it, a GPU compiler
        # rejects any that is not a power of 2, so the judge checks them here
        self.warps: set[Any] = set()
        wrapped: set[int] = set()
        for name, obj in sorted(vars(mod).items()):
            if not isinstance(obj, KernelInterface):
                continue
            chain = [obj]  # Autotuner -> Heuristics -> JITFunction: each wraps the next in `.fn`
            while isinstance(getattr(chain[-1], "fn", None), KernelInterface):
                chain.append(chain[-1].fn)
            inner = chain[-1]
            tuner = next((k for k in chain if isinstance(k, Autotuner)), None)
            if tuner is not None and all(t is not tuner for t, _ in self.tuners):
                self.tuners.append((tuner, list(tuner.configs)))
                self.warps.update(_warps(c.num_warps) for c in tuner.configs if c.num_warps is not None)
            self.found.append({"name": name, "kinds": [type(k).__name__ for k in chain],
                               "mode": "interpreted" if isinstance(inner, InterpretedFunction) else "compiled",
                               "configs": [str(c) for c in tuner.configs] if tuner is not None else [],
                               "metas": sorted({repr(sorted(c.kwargs.items())) for c in tuner.configs})
                               if tuner is not None else [],
                               "keys": list(getattr(tuner, "keys", None) or []) if tuner is not None else []})
            if id(inner) not in wrapped:
                wrapped.add(id(inner))
                inner.run = self._counted(inner.run)  # launches (kernel[grid](...), autotuner) call .run

    def _counted(self, run: Callable[..., Any]) -> Callable[..., Any]:
        def counted(*args: Any, **kwargs: Any) -> Any:
            if not kwargs.get("warmup"):
                self.launches += 1
            if kwargs.get("num_warps") is not None:
                self.warps.add(_warps(kwargs["num_warps"]))
            self.running += 1
            try:
                return run(*args, **kwargs)
            finally:
                self.running -= 1

        return counted

    def config_runs(self, interpreted: bool) -> int:
        """How many runs each case needs so that every autotuner goes through each of its configs."""
        self._interpreted = interpreted
        per_tuner = []
        for _, configs in self.tuners:
            # Under the interpreter num_warps/num_stages change nothing: only distinct meta-parameters count.
            distinct = list({repr(sorted(c.kwargs.items())): c for c in configs}.values()) if interpreted else configs
            per_tuner.append(distinct or configs)
        self._pinned = per_tuner
        return max((len(c) for c in per_tuner), default=1)

    def pin(self, run: int) -> str | None:
        """Pin each autotuner to its config for this run; the label names them (None: no autotuner)."""
        if not self.tuners:
            return None
        labels = []
        for (tuner, _), configs in zip(self.tuners, self._pinned, strict=True):
            config = configs[min(run, len(configs) - 1)]
            tuner.configs = [config]  # with one config the autotuner runs it without benchmarking
            tuner.cache.clear()
            meta = ", ".join(f"{k}={v}" for k, v in config.kwargs.items())
            labels.append(meta if self._interpreted else f"{meta}, num_warps={config.num_warps}")
        return "; ".join(labels)

    def unpin(self) -> None:
        for tuner, configs in self.tuners:
            tuner.configs = configs
            tuner.cache.clear()


def _compute_ops() -> Any:
    """A dispatch mode that records the torch ops the launcher computes with on the host: pointwise
    ops, reductions and matrix products (allocation, copies, fills and views are not computing)."""
    from torch.utils._python_dispatch import TorchDispatchMode

    skip = {"fill", "zero", "copy", "clone", "_to_copy", "lift_fresh", "lift_fresh_copy", "detach", "alias"}
    products = {"mm", "bmm", "addmm", "baddbmm", "matmul", "dot", "mv", "addmv", "einsum", "linear"}
    compute = (torch.Tag.pointwise, torch.Tag.reduction)

    class HostOps(TorchDispatchMode):
        def __init__(self, kernels: Kernels):
            super().__init__()  # type: ignore[no-untyped-call]
            self.kernels = kernels
            self.seen: list[str] = []

        def __torch_dispatch__(self, func: Any, types: Any, args: Any = (), kwargs: Any = None) -> Any:
            if not self.kernels.running:
                name = func.overloadpacket.__name__.rstrip("_")
                if name not in skip and (name in products or any(t in func.tags for t in compute)):
                    if name not in self.seen:
                        self.seen.append(name)
            return func(*args, **(kwargs or {}))

    return HostOps


class LoadTracer:
    """Interpreter only: counts active load lanes that hit an element outside every view."""

    def __init__(self) -> None:
        from triton.runtime.interpreter import InterpreterBuilder

        self.regions: list[tuple[int, int, int, np.ndarray]] = []  # (base, itemsize, buffer, allowed)
        self.count, self.first = 0, (0, 0)
        self.dot_min = 0
        self.axes: set[int] = set()  # the tl.program_id axes the kernels read
        self.grids: list[list[int]] = []
        self.range_max = 0  # the longest tl.arange a kernel built (a program's block)
        original = InterpreterBuilder.create_masked_load
        store = InterpreterBuilder.create_masked_store
        dot = InterpreterBuilder.create_dot
        program_id = InterpreterBuilder.create_get_program_id
        grid_dim = InterpreterBuilder.set_grid_dim
        make_range = InterpreterBuilder.create_make_range
        tracer = self

        def traced(builder: Any, ptrs: Any, mask: Any, *rest: Any, **kw: Any) -> Any:
            tracer.check(ptrs.data, mask.data)
            return original(builder, ptrs, mask, *rest, **kw)

        def traced_store(builder: Any, ptrs: Any, value: Any, mask: Any, *rest: Any, **kw: Any) -> Any:
            tracer.stored_at(ptrs.data, mask.data)
            return store(builder, ptrs, value, mask, *rest, **kw)

        def traced_dot(builder: Any, a: Any, b: Any, *rest: Any, **kw: Any) -> Any:
            # (M, K) x (K, N): GPU compilers refuse a tl.dot with any of them under 16, the
            # interpreter computes it anyway
            shape = (*a.data.shape[-2:], b.data.shape[-1])
            tracer.dot_min = min(tracer.dot_min, *shape) if tracer.dot_min else min(shape)
            return dot(builder, a, b, *rest, **kw)

        def axis(builder: Any, ax: int) -> Any:
            tracer.axes.add(int(ax))
            return program_id(builder, ax)

        def grid(builder: Any, nx: int, ny: int, nz: int) -> Any:
            if len(tracer.grids) < 8:
                tracer.grids.append([int(nx), int(ny), int(nz)])
            return grid_dim(builder, nx, ny, nz)

        def traced_range(builder: Any, ret_ty: Any, start: int, stop: int) -> Any:
            tracer.range_max = max(tracer.range_max, int(stop) - int(start))
            return make_range(builder, ret_ty, start, stop)

        # this forked child only
        InterpreterBuilder.create_masked_load = traced
        InterpreterBuilder.create_masked_store = traced_store  # create_store goes through it too
        InterpreterBuilder.create_dot = traced_dot
        InterpreterBuilder.create_get_program_id = axis
        InterpreterBuilder.set_grid_dim = grid
        InterpreterBuilder.create_make_range = traced_range

    def watch(self, buffers: list[torch.Tensor], slots: list[dict[str, Any]]) -> None:
        self.count, self.first, self.regions = 0, (0, 0), []
        self.axes, self.grids, self.range_max = set(), [], 0
        # which elements of each buffer a kernel's tl.store reached: an output whose right values
        # came from a host copy (a temporary result copied in) was never stored by the kernel
        self.stored = [np.zeros(buf.numel(), dtype=bool) for buf in buffers]
        self.dot_min = 0  # the smallest tl.dot dimension seen in this run (0: no tl.dot)
        for i, buf in enumerate(buffers):
            allowed = torch.zeros(buf.numel(), dtype=torch.bool)
            for s in slots:
                if s["buffer"] == i:
                    allowed.as_strided(s["shape"], s["stride"], s["offset"]).fill_(True)
            self.regions.append((buf.data_ptr(), buf.element_size(), i, allowed.numpy()))

    def check(self, ptrs: np.ndarray, mask: np.ndarray) -> None:
        ptrs, mask = np.broadcast_arrays(np.asarray(ptrs), np.asarray(mask, dtype=bool))
        addr = ptrs[mask].astype(np.int64)
        for base, size, index, allowed in self.regions:
            hit = addr[(addr >= base) & (addr < base + size * allowed.size)]
            if hit.size:
                idx = (hit - base) // size
                bad = idx[~allowed[idx]]
                if bad.size:
                    if not self.count:
                        self.first = (index, int(bad[0]))
                    self.count += int(bad.size)

    def stored_at(self, ptrs: np.ndarray, mask: np.ndarray) -> None:
        ptrs, mask = np.broadcast_arrays(np.asarray(ptrs), np.asarray(mask, dtype=bool))
        addr = ptrs[mask].astype(np.int64)
        for base, size, index, allowed in self.regions:
            hit = addr[(addr >= base) & (addr < base + size * allowed.size)]
            if hit.size:
                self.stored[index][(hit - base) // size] = True

    def report(self) -> dict[str, Any]:
        return {"count": self.count, "buffer": self.first[0], "index": self.first[1]}


def _views(buffers: list[torch.Tensor], slots: list[dict[str, Any]]) -> list[Any]:
    return [s["value"] if s["buffer"] is None else buffers[s["buffer"]].as_strided(s["shape"], s["stride"], s["offset"])
            for s in slots]


def _run_once(fn: Callable[..., Any], case: dict[str, Any], device: str, kernels: Kernels,
              tracer: LoadTracer | None, filename: str) -> dict[str, Any]:
    buffers = [b.to(device, copy=True) for b in case["buffers"]]  # fresh for every run
    args = _views(buffers, case["slots"])
    kernels.launches = 0
    if tracer is not None:
        tracer.watch(buffers, case["slots"])
    host = _HOST_OPS(kernels)
    try:
        with host:
            result = fn(*args)
        if device == "cuda":
            torch.cuda.synchronize()
    except BaseException as e:
        return {"error": harness.error_info(e, filename)}
    given = {harness.storage_ptr(b) for b in buffers}
    returned_other = isinstance(result, torch.Tensor) and (
        not result.numel() or harness.storage_ptr(result) not in given)
    return {"buffers": [b.detach().cpu() for b in buffers], "launches": kernels.launches,
            "oob_loads": tracer.report() if tracer is not None else None, "returned_other_tensor": returned_other,
            "host_ops": host.seen[:10], "program_id_axes": sorted(tracer.axes) if tracer is not None else None,
            "kernel_stored": [torch.from_numpy(m.copy()) for m in tracer.stored] if tracer is not None else None,
            "dot_min": tracer.dot_min if tracer is not None else None,
            "grids": tracer.grids if tracer is not None else None,
            "range_max": tracer.range_max if tracer is not None else None}


_HOST_OPS = _compute_ops()


def _time(fn: Callable[..., Any], spec: list[dict[str, Any]]) -> dict[str, Any]:
    """GPU only: the launcher's median time on large guarded inputs (compile and autotune excluded)."""
    from triton.testing import do_bench

    args: list[Any] = []
    for s in spec:
        if "value" in s:
            args.append(s["value"])
            continue
        numel = int(np.prod(s["shape"]))
        buf = torch.empty(GUARD + numel + GUARD, dtype=getattr(torch, s["dtype"]), device="cuda")
        view = buf[GUARD:GUARD + numel].view(s["shape"])
        args.append(view.normal_() if not s.get("output") else view)
    fn(*args)  # warm-up call: compilation and autotuning happen here, outside the measurement
    torch.cuda.synchronize()
    return {"ms": float(do_bench(lambda: fn(*args), warmup=25, rep=100, return_mode="median"))}


class InterpreterDriver:
    """Stands in for triton's GPU driver under the CPU interpreter, where no driver is active: the
    tutorials' first line, `DEVICE = triton.runtime.driver.active.get_active_torch_device()`, then
    gives the CPU instead of failing with "0 active drivers"; anything else says why it is missing."""

    def get_active_torch_device(self) -> torch.device:
        return torch.device("cpu")

    def get_current_device(self) -> int:
        return 0

    def __getattr__(self, name: str) -> Any:
        raise RuntimeError(f"triton.runtime.driver.active.{name} is not available: the grader runs your kernel "
                           "under the Triton interpreter on the CPU (TRITON_INTERPRET=1), where no GPU driver exists")


def _driver_for_interpreter() -> None:
    from triton.runtime import driver

    try:
        driver.active  # noqa: B018 - creating it is the test
    except RuntimeError:
        driver.set_active(InterpreterDriver())


def run_child(job: dict[str, Any], payload: bytes) -> bytes:
    data = harness.load(payload)
    device, filename = job.get("device", "cpu"), job["filename"]
    if job.get("env", {}).get("TRITON_INTERPRET") == "1":
        _driver_for_interpreter()
    mod, fn, failed = harness.load_solution(job)
    if failed is not None:
        return failed
    from triton import knobs

    interpreted = bool(knobs.runtime.interpret)
    kernels = Kernels(mod)
    tracer = LoadTracer() if interpreted else None
    runs = kernels.config_runs(interpreted)
    cases = []
    for case in data["cases"]:
        out = []
        for i in range(runs):
            label = kernels.pin(i)
            out.append({**_run_once(fn, case, device, kernels, tracer, filename), "config": label})
            harness.stop_if_forked()
        cases.append({"runs": out})
    kernels.unpin()
    timing = None
    if data.get("timing") and device == "cuda" and kernels.found:
        try:
            timing = _time(fn, data["timing"])
        except BaseException as e:
            timing = {"error": f"{type(e).__name__}: {e}"[:300]}
        harness.stop_if_forked()
    return harness.dump({"cases": cases, "kernels": kernels.found, "num_warps": sorted(kernels.warps, key=str),
                         "interpret": interpreted,
                         "interpret_env": os.environ.get("TRITON_INTERPRET"), "timing": timing,
                         **harness.run_facts()})
