"""triton: a Triton kernel and its launcher `solve(*inputs, *outputs)`, checked against torch.

The user's file defines `@triton.jit` kernels and a launcher that writes into the output tensors
it is handed (their shapes are the oracle's outputs). The child (child.py) runs it under
TRITON_INTERPRET=1 on CPU tensors, or compiled on CUDA tensors when a GPU is there.

Out-of-bounds accesses are made visible with guarded buffers: every tensor the launcher sees is a
view into the middle of a larger buffer, GUARD elements either side, and 2-D tensors get padding
after each row (a different amount for inputs and outputs, so one stride cannot serve both).
Around inputs the canary is NaN, so an unmasked load poisons a result that reduces over it;
outputs are filled entirely with a sentinel, so an unmasked store (the guard or the padding
changes) and an element never written (it still holds the sentinel) are seen bit for bit. Under
the interpreter the child also traces every load, which catches a load past the end whose value
is masked off later and so never reaches memory. A file whose launcher launches none of its
kernels (it computed the answer with torch) fails with its own message, as does one without a
kernel. Kernels under `@triton.autotune` are checked once per config, so a bug in a config the
tuner happens not to pick still shows, and a num_warps that no GPU compiler accepts (not a power of
2; the interpreter ignores it) fails the file. On a GPU the kernel's time is reported next to torch's.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

import torch

from dlprep.checkers.base import Case, Family
from dlprep.checkers.compare import compare_tensor
from dlprep.checkers.registry import register
from dlprep.checkers.sandbox import harness
from dlprep.results import CheckResult

GUARD = 1 << 14  # elements either side of every tensor: more than a launcher's last block overruns
OUT_SENTINEL = -7777.25  # fills every output buffer; a correct kernel never produces it by chance
CUDA_ADDRESS_SPACE_MB = 1 << 20  # CUDA reserves far more virtual memory than it uses: 1 TiB of room
TIMING = "triton.testing.do_bench: 25 ms warm-up, 100 ms of repetitions, L2 flushed before each, median"
_INT_OF_SIZE = {1: torch.uint8, 2: torch.int16, 4: torch.int32, 8: torch.int64}


@dataclass
class KernelCase(Case):
    """A case whose 2-D (or higher) tensors get about `in_pad` / `out_pad` elements after each row:
    each padded tensor takes the first pad from there that no tensor before it has, so no two share
    a row stride and a kernel that indexes one tensor with another's strides (v with k's, out with
    v's) reads or writes the wrong elements. A pad of 0 (contiguous) is kept as asked."""

    in_pad: int = 0
    out_pad: int = 0


def contract_length(gen: torch.Generator, kind: str, unit: int, tail_blocks: int, long_blocks: tuple[int, int]) -> int:
    """A 1-D length for a contract's size axis (one, empty, tail, long): a tail is 1 to
    tail_blocks - 1 units and a partial one, a long one long_blocks units and a partial one, so no
    block size from 2 to `unit` divides it and every launch leaves a partial last block."""
    if kind == "one":
        return 1
    if kind == "empty":
        return 0
    lo, hi = long_blocks if kind == "long" else (1, tail_blocks)
    return int(torch.randint(lo, hi, (), generator=gen)) * unit + int(torch.randint(1, unit, (), generator=gen))


@dataclass(frozen=True)
class Slot:
    """One launcher argument: a view (shape, stride, offset) into buffer `buffer`, or a plain value."""

    name: str
    buffer: int | None = None
    shape: tuple[int, ...] = ()
    stride: tuple[int, ...] = ()
    offset: int = 0
    span: int = 0  # elements between the two guards: the view's rows with their padding
    output: bool = False
    value: Any = None

    def wire(self) -> dict[str, Any]:
        if self.buffer is None:
            return {"buffer": None, "value": self.value}
        return {"buffer": self.buffer, "shape": list(self.shape), "stride": list(self.stride), "offset": self.offset}


@dataclass
class Prepared:
    buffers: list[torch.Tensor]  # exactly as sent: canaries, padding and the inputs' values
    slots: list[Slot]
    expected: list[torch.Tensor]  # the oracle's outputs, in the order of the output slots


def _canary(dtype: torch.dtype) -> float | int:
    return float("nan") if dtype.is_floating_point else torch.iinfo(dtype).min


def _bits(t: torch.Tensor) -> torch.Tensor:
    return t.contiguous().view(_INT_OF_SIZE[t.element_size()])


def _layout(shape: tuple[int, ...], pad: int) -> tuple[tuple[int, ...], int]:
    """Strides of a row-padded layout (the last dimension padded by `pad`) and its span."""
    if len(shape) < 2:
        pad = 0
    padded = (*shape[:-1], shape[-1] + pad) if shape else ()
    strides, acc = [], 1
    for size in reversed(padded):
        strides.append(acc)
        acc *= size
    return tuple(reversed(strides)), acc


def _guarded(name: str, t: torch.Tensor, index: int, pad: int, fill: float | int, output: bool
             ) -> tuple[torch.Tensor, Slot]:
    shape = tuple(t.shape)
    stride, span = _layout(shape, pad)
    buf = torch.full((GUARD + span + GUARD,), fill, dtype=t.dtype)
    slot = Slot(name, index, shape, stride, GUARD, span, output)
    if not output:
        buf.as_strided(shape, stride, GUARD).copy_(t)
    return buf, slot


def prepare(case: Case, oracle: Any, names: tuple[str, ...] = ()) -> Prepared:
    """Guarded buffers for the case's inputs and for outputs shaped like the oracle's."""
    pad_in, pad_out = getattr(case, "in_pad", 0), getattr(case, "out_pad", 0)
    out = oracle(*(a.clone() if isinstance(a, torch.Tensor) else copy.deepcopy(a) for a in case.args))
    expected = list(out) if isinstance(out, tuple | list) else [out]
    args = [*case.args, *expected]
    names = names or tuple(f"argument {i}" for i in range(len(args)))
    buffers: list[torch.Tensor] = []
    slots: list[Slot] = []
    used: set[int] = set()  # the pads taken so far
    for i, a in enumerate(args):
        output = i >= len(case.args)
        if isinstance(a, torch.Tensor):
            fill = OUT_SENTINEL if output and a.dtype.is_floating_point else _canary(a.dtype)
            pad = pad_out if output else pad_in
            while pad and pad in used:
                pad += 1
            used.add(pad)
            buf, slot = _guarded(names[i], a, len(buffers), pad, fill, output)
            buffers.append(buf)
            slots.append(slot)
        else:
            slots.append(Slot(names[i], value=a))
    return Prepared(buffers, slots, [e.detach().clone() for e in expected])


def _interior(slot: Slot, numel: int) -> torch.Tensor:
    """Boolean mask over a buffer: True on the elements of the view."""
    mask = torch.zeros(numel, dtype=torch.bool)
    mask.as_strided(slot.shape, slot.stride, slot.offset).fill_(True)
    return mask


def _where(slot: Slot, index: int) -> str:
    """Where buffer element `index` lies relative to the view of `slot`, in words."""
    if index < GUARD:
        return f"{GUARD - index} element(s) before its start"
    past = index - GUARD - slot.span
    if past >= 0:
        return "just past its end" if past == 0 else f"{past} element(s) past its end"
    return "in the padding after a row, beyond its last column"


@register("triton")
class TritonFamily(Family):
    child_harness = "dlprep.checkers.families.triton.child:run_child"
    default_hidden = 3
    unverified_note = ("whether the result came from a Triton kernel, and which one, is seen only in the "
                       "submission's own process, and without a kernel no case is judged")
    timeout_s = 60.0  # a GPU run compiles every kernel first; interpreted runs take a few seconds
    cuda_address_space_mb = CUDA_ADDRESS_SPACE_MB

    shared_caches = (*Family.shared_caches, "_prepared")

    def __init__(self, ex: Any):
        super().__init__(ex)
        self._prepared: dict[int, Prepared] = {}
        self._timing: list[dict[str, Any]] | None = None

    # ------------------------------------------------------------------ building the run

    def _prep(self, case: Case) -> Prepared:
        if id(case) not in self._prepared:
            names = tuple(getattr(self.ex.check, "ARG_NAMES", ()))
            self._prepared[id(case)] = prepare(case, self.ex.check.oracle, names)
        return self._prepared[id(case)]

    def payload(self, cases: list[Case]) -> bytes:
        wire = []
        for c in cases:
            p = self._prep(c)
            wire.append({"buffers": p.buffers, "slots": [s.wire() for s in p.slots]})
        self._timing = self._timing_spec()
        return harness.dump({"cases": wire, "timing": self._timing})

    def _timing_spec(self) -> list[dict[str, Any]] | None:
        """Shapes for the speed measurement (GPU only): check.py's timing_case() on meta tensors."""
        make = getattr(self.ex.check, "timing_case", None)
        if self.device != "cuda" or make is None:
            return None
        case = make()
        outputs = _as_list(self.ex.check.oracle(*case.args))
        spec = []
        for i, a in enumerate([*case.args, *outputs]):
            spec.append({"shape": list(a.shape), "dtype": str(a.dtype).removeprefix("torch."),
                         "output": i >= len(case.args)} if isinstance(a, torch.Tensor) else {"value": a})
        return spec

    # ------------------------------------------------------------------ judging

    def judge(self, public: list[Case], hidden: list[Case], facts: dict[str, Any]
              ) -> tuple[list[CheckResult], dict[str, int]]:
        all_cases = public + hidden
        if all(self._unattempted(f) for f in facts["cases"]):
            return super().judge(public, hidden, facts)
        kernel = self._kernel_check(facts)
        if kernel.status != "pass":
            total = float(len(public) + len(hidden))
            return [CheckResult(kernel.name, kernel.status, 0.0, total, kernel.message, details=kernel.details)], \
                {"count": len(hidden), "passed": 0}
        tests, summary = super().judge(public, hidden, facts)
        extra = [kernel]
        need = int(self.config.get("min_autotune_configs", 0))
        if need:
            extra.append(self._autotune_check(facts, need))
        passed = all(t.status == "pass" for t in tests + extra) and len(facts["cases"]) == len(all_cases)
        return [*extra, *tests, self._speed(facts, passed)], summary

    @staticmethod
    def _unattempted(fact: dict[str, Any]) -> bool:
        return any(r.get("error", {}).get("notimpl") for r in fact["runs"])

    def _kernel_check(self, facts: dict[str, Any]) -> CheckResult:
        """Reported (unmarked): which kernels ran, and how, is seen in the submission's process.
        When it fails it carries all the points, so under strict isolation nothing verified is
        left and the run fails closed."""
        kernels = facts.get("kernels", [])
        if not kernels:
            return CheckResult("kernel", "fail", message="the file defines no @triton.jit kernel at module level: "
                               "this exercise must be solved by launching a Triton kernel")
        want = "interpreted" if self.device == "cpu" else "compiled"
        modes = {k["mode"] for k in kernels}
        details = {"mode": "interpreter" if self.device == "cpu" else "compiled",
                   "TRITON_INTERPRET": facts.get("interpret_env"), "kernels": kernels}
        if modes != {want} or facts.get("interpret") != (self.device == "cpu"):
            return CheckResult("kernel", "error", message=f"a {self.device} run must have its kernels {want}, but they "
                               f"were {', '.join(sorted(modes))} (TRITON_INTERPRET={facts.get('interpret_env')})",
                               details=details)
        # The interpreter drops num_warps, but Triton's NVIDIA and AMD compilers assert it is a power of 2:
        # a config or launch with num_warps=3 passes here and cannot run on any GPU.
        bad = [w for w in facts.get("num_warps", []) if not _power_of_two(w)]
        if bad:
            return CheckResult("kernel", "fail",
                               message=f"num_warps={bad[0]} cannot compile for a GPU: Triton requires num_warps to "
                                       "be a power of 2 (1, 2, 4, 8, ...); the interpreter ignores it, a GPU does not",
                               details={**details, "num_warps": facts.get("num_warps")})
        names = ", ".join(f"{k['name']} ({'/'.join(k['kinds'])})" for k in kernels)
        return CheckResult("kernel", "pass", message=f"{len(kernels)} kernel(s), {want}: {names}"[:300],
                           details=details)

    @staticmethod
    def _autotune_check(facts: dict[str, Any], need: int) -> CheckResult:
        """Reported (unmarked): the configs a kernel was tuned over are read off it in the child."""
        tuned = [k for k in facts["kernels"] if k["configs"]]
        best = max((len(k["configs"]) for k in tuned), default=0)
        # configs that differ only in num_warps/num_stages tune nothing the grid depends on: the prompt
        # asks for different meta-parameters (BLOCK_SIZE)
        distinct = max((len(k.get("metas", k["configs"])) for k in tuned), default=0)
        if best >= need and distinct < need:
            return CheckResult("autotune", "fail", 0.0, 1.0, f"the {best} configs set only {distinct} distinct "
                               "meta-parameter value(s): they must differ in BLOCK_SIZE (configs that change only "
                               "num_warps let a fixed grid pass)", details={"configs": tuned[0]["configs"]})
        unkeyed = [k["name"] for k in tuned if len(k["configs"]) >= need and not k.get("keys", [None])]
        if best >= need and unkeyed:
            # the grader pins each config in turn, so values cannot show it: with no key the tuner
            # benchmarks once and reuses that config for every later length
            return CheckResult("autotune", "fail", 0.0, 1.0, f"@triton.autotune on {unkeyed[0]} has an empty key: the "
                               "config tuned for the first length would serve every other length; key it on the "
                               "length argument (key=['n'])", details={"configs": tuned[0]["configs"]})
        if best >= need:
            return CheckResult("autotune", "pass", 1.0, 1.0, f"{best} configs; every case ran with each of them "
                               "(under the interpreter, once per distinct set of meta-parameters)",
                               details={"configs": tuned[0]["configs"]})
        found = f"a kernel with {best} config(s)" if tuned else "no @triton.autotune kernel"
        return CheckResult("autotune", "fail", 0.0, 1.0, f"the kernel must be @triton.autotune'd with at least "
                           f"{need} triton.Config entries; found {found}")

    def judge_case(self, case: Case, fact: dict[str, Any]) -> CheckResult:
        prep = self._prep(case)
        label = ", ".join(f"{s.name}{list(s.shape)}" if s.buffer is not None else f"{s.name}={s.value!r}"
                          for s in prep.slots)
        details: dict[str, Any] = {"inputs": label[:200]}
        for run in fact["runs"]:
            err = run.get("error")
            if err is not None and err.get("notimpl"):
                return CheckResult(case.name, "unattempted", message="not implemented yet", trust="verified")
        # Verified: every output buffer, canaries included, compared here bit by bit or with the
        # oracle's values computed on our own copy of the inputs.
        for run in fact["runs"]:
            problem, extra = self._judge_run(prep, run)
            if problem is not None:
                at = f"with autotune config {run['config']}: " if run.get("config") else ""
                return CheckResult(case.name, "fail", message=at + problem, details={**details, **extra},
                                   trust="verified")
            details.update(extra)
        return CheckResult(case.name, "pass", details=details, trust="verified")

    def _judge_run(self, prep: Prepared, run: dict[str, Any]) -> tuple[str | None, dict[str, Any]]:
        """The first thing wrong with one run, or None; most specific checks first."""
        if "error" in run:
            err = run["error"]
            at = f" (line {err['line']})" if err.get("line") else ""
            return f"raised {err['type']}{at}: {err['message']}", {}
        if run["launches"] == 0 and any(e.numel() for e in prep.expected):  # nothing to launch for empty outputs
            return ("solve() launched none of the file's Triton kernels: the result must be computed by a kernel, "
                    "not by torch"), {}
        problem = self._launch_contract(prep, run)
        if problem is not None:
            return problem, {}
        least = getattr(self.ex.check, "MIN_DOT_DIM", None)
        if least and run.get("dot_min") and run["dot_min"] < least:
            return (f"a tl.dot ran on a block with a dimension of {run['dot_min']}: every block dimension of a "
                    f"tl.dot must be at least {least} (GPU compilers refuse smaller ones; the interpreter does "
                    "not)"), {}
        after = run["buffers"]
        for slot in prep.slots:
            if slot.buffer is None:
                continue
            problem = self._untouched_outside(prep.buffers[slot.buffer], after[slot.buffer], slot)
            if problem:
                return problem, {}
        oob = run.get("oob_loads")
        if oob and oob["count"]:
            slot = next(s for s in prep.slots if s.buffer == oob["buffer"])
            return (f"read {oob['count']} element(s) outside the tensors it was given (first: `{slot.name}`, "
                    f"{_where(slot, oob['index'])}); the interpreter traced every load: a tl.load needs a mask "
                    "even when the lanes it reads are masked off later"), {}
        outputs = [s for s in prep.slots if s.output]
        details: dict[str, Any] = {"launches": run["launches"]}
        rtol, atol = self.tolerances()
        for slot, expected in zip(outputs, prep.expected, strict=True):
            got = after[slot.buffer].as_strided(slot.shape, slot.stride, slot.offset).clone()
            sentinel = _bits(torch.full((), OUT_SENTINEL, dtype=got.dtype)) if got.dtype.is_floating_point else None
            if sentinel is not None:
                unwritten = (_bits(got) == sentinel) & (_bits(expected) != sentinel)
                if unwritten.any():
                    hint = (" solve() returned a new tensor: it must write into the output it is given."
                            if run.get("returned_other_tensor") else "")
                    return (f"{int(unwritten.sum())} of {got.numel()} elements of `{slot.name}` were never written "
                            "(they still hold the sentinel the grader filled it with): the grid or the masks do "
                            f"not cover the whole tensor.{hint}"), {}
            assert slot.buffer is not None  # an output slot is always a buffer
            stored = (run.get("kernel_stored") or [None] * len(after))[slot.buffer]
            if isinstance(stored, torch.Tensor) and stored.numel() == after[slot.buffer].numel():
                by_kernel = stored.as_strided(slot.shape, slot.stride, slot.offset)
                if not bool(by_kernel.all()):
                    return (f"{int((~by_kernel).sum())} of {by_kernel.numel()} elements of `{slot.name}` were written "
                            "by the host, not by a kernel's tl.store (the interpreter traced every store): the "
                            "kernel must store its results into the output it is given, not into a temporary "
                            "that the launcher copies over"), {}
            c = compare_tensor(got, expected, rtol, atol, where=slot.name, explain_nonfinite=False)
            if not c.ok:
                message = c.message or "wrong values"
                if got.is_floating_point() and bool((torch.isnan(got) & ~torch.isnan(expected)).any()):
                    # Two causes look alike here; name both, the memory one first (the grader's
                    # NaN padding makes it show), rather than send a numerics bug to the masks.
                    message += ("; NaN where the reference has none: either a load past the end or with a wrong "
                                "stride (the grader surrounds the inputs with NaN), or the arithmetic itself (an "
                                "exp that overflows to inf, then inf/inf or 0*inf; 0/0): check the masks and strides, "
                                "then compute in a stable way (subtract the row max, mask with a neutral `other=`)")
                return message, c.details
            details.update(c.details)
        return None, details

    def _launch_contract(self, prep: Prepared, run: dict[str, Any]) -> str | None:
        """The work is the kernel's: no torch compute on the host (check.py may allow some ops with
        HOST_OPS_ALLOWED), at most MAX_LAUNCHES launches per call, and a grid with PROGRAM_ID_AXES
        axes where the prompt asks for one (under the interpreter, where program ids are traced)."""
        check = self.ex.check
        allowed = set(getattr(check, "HOST_OPS_ALLOWED", ()))
        host = [op for op in run.get("host_ops") or [] if op not in allowed]
        if host:
            return (f"solve() computed with torch on the host ({', '.join(f'aten.{op}' for op in host[:5])}): every "
                    "value of the output must come from the Triton kernel; the launcher only allocates and launches")
        most = getattr(check, "MAX_LAUNCHES", None)
        if most is not None and run["launches"] > most:
            return (f"solve() launched kernels {run['launches']} times for one call; the exercise asks for "
                    f"{'one fused kernel' if most == 1 else f'at most {most} launches'} (a second pass reads the "
                    "intermediate back from memory)")
        axes = getattr(check, "PROGRAM_ID_AXES", None)
        used = run.get("program_id_axes")
        if axes and used is not None and run["launches"] and not set(range(axes)) <= set(used):
            return (f"the kernel reads tl.program_id on axes {used or 'none'}; the exercise asks for a {axes}-D grid "
                    f"whose programs read tl.program_id(0) to tl.program_id({axes - 1}) (grids seen: "
                    f"{run.get('grids')})")
        return self._row_programs(prep, run)

    def _row_programs(self, prep: Prepared, run: dict[str, Any]) -> str | None:
        """Where check.py names ROW_PROGRAMS (an input slot), the prompt asks for one program per row
        of it, each holding its row whole in one block: every grid has that many programs, and the
        longest tl.arange covers a row (a loop over chunks of a row is another kernel). Under the
        interpreter only, where grids and ranges are traced."""
        name = getattr(self.ex.check, "ROW_PROGRAMS", None)
        grids, longest = run.get("grids"), run.get("range_max")
        slot = next((s for s in prep.slots if s.name == name), None)
        if slot is None or not grids or longest is None or len(slot.shape) != 2:
            return None
        rows, width = slot.shape
        wrong = next((g for g in grids if g[0] * g[1] * g[2] != rows), None)
        if wrong is not None:
            return (f"the kernel was launched with a grid of {wrong[0] * wrong[1] * wrong[2]} program(s) for "
                    f"{rows} row(s) of `{name}`: the exercise asks for one program per row (grid (M,))")
        if longest < width:
            return (f"the longest tl.arange the kernel built holds {longest} element(s), and a row of `{name}` has "
                    f"{width}: the exercise asks for each program to load its row whole into one power-of-two "
                    "block (triton.next_power_of_2(N)), not in chunks")
        return None

    @staticmethod
    def _untouched_outside(before: torch.Tensor, after: Any, slot: Slot) -> str | None:
        """An input must come back bit-identical; outside any view, the canary must survive."""
        if not isinstance(after, torch.Tensor) or after.shape != before.shape or after.dtype != before.dtype:
            return f"the buffer behind `{slot.name}` came back changed in shape or type"
        changed = _bits(before) != _bits(after)
        if not changed.any():
            return None
        inside = _interior(slot, before.numel())
        if not slot.output and (changed & inside).any():
            return f"modified its input `{slot.name}` in place"
        outside = (changed & ~inside).nonzero().flatten()
        if outside.numel():
            first = int(outside[0])
            return (f"wrote {outside.numel()} element(s) outside `{slot.name}` (first: {_where(slot, first)}); "
                    "the canary there was overwritten: a tl.store needs a mask that covers only the tensor")
        return None

    def _speed(self, facts: dict[str, Any], passed: bool) -> CheckResult:
        """Reported, never graded: a GPU run's median kernel time next to torch's."""
        timing = facts.get("timing")
        if self.device != "cuda":
            return CheckResult("speed", "skip", message="not measured: no GPU, the kernel ran under the Triton "
                               "interpreter, whose speed says nothing about the kernel's")
        if not passed:
            return CheckResult("speed", "skip", message="not measured: the kernel is not correct yet")
        if not timing or "ms" not in timing or self._timing is None:
            why = (timing or {}).get("error", "this exercise defines no timing case")
            return CheckResult("speed", "skip", message=f"not measured: {why}"[:300])
        torch_ms = _torch_time(self.ex.check.oracle, self._timing)
        ratio = torch_ms / timing["ms"] if timing["ms"] > 0 else float("inf")
        return CheckResult("speed", "skip", message=f"yours {timing['ms']:.4f} ms, torch {torch_ms:.4f} ms "
                           f"({ratio:.2f}x torch's speed)", details={"triton_ms": timing["ms"], "torch_ms": torch_ms,
                                                                     "shapes": self._timing, "method": TIMING})


def _torch_time(oracle: Any, spec: list[dict[str, Any]]) -> float:
    """The oracle (torch's own operator) timed on the GPU in the grader, the same way as the kernel."""
    from triton.testing import do_bench

    args = [s["value"] if "value" in s else torch.randn(s["shape"], dtype=getattr(torch, s["dtype"]), device="cuda")
            for s in spec if not s.get("output")]
    return float(do_bench(lambda: oracle(*args), warmup=25, rep=100, return_mode="median"))


def _power_of_two(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0 and value & (value - 1) == 0


def _as_list(out: Any) -> list[Any]:
    return list(out) if isinstance(out, tuple | list) else [out]
