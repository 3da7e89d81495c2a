"""autograd: custom autograd.Functions, AD engines, checkpointing, detach/clone, graph executors.

An exercise's check.py names its `PROBE` (see autograd_child.PROBES), which decides what the child
does with the user's entry and what it reports; this module judges those facts per probe:

- function:   `Entry.apply(x)` and backward with a grader-sent grad_out, compared with torch's own
              operator (`oracle(x, grad_out) -> (y, grad)`); the output's grad_fn must be the
              Function's own backward node; gradcheck cases report torch.autograd.gradcheck's verdict.
- expression: a scalar expression graph (expr_graph) built with the user's class; every node's value
              and adjoint (reverse mode) or tangent (forward mode) compared with torch's autograd /
              torch.func.jvp (`oracle(expr)`); the message names the first node that is wrong.
- saved:      output and every argument's gradient as in `oracle(*args)`, and the number of tensors
              saved for backward during forward: fewer than the oracle saves, at most `saved_bound`.
- tensor:     output values, grad_fn (present or not), requires_grad, storage shared with the
              inputs, which leaves gradients reach, inputs unchanged, and backward through the
              inputs' own graph still working afterwards; all compared with the oracle measured by
              the same probe in the grader.
- call:       a plain call whose plain result check.py judges itself (`problem(case, out, error)`).
- packed:     a saved_tensors_hooks subclass built as `oracle(params)`: per tensor autograd saves, the
              bytes its packed form holds and the packed tensor, what unpack returns, the output and
              the gradients, all compared with the reference hooks run by the same probe here
              (saved_hooks.py).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

import torch

from dlprep.checkers.base import Case, Family
from dlprep.checkers.compare import Comparison, compare_described
from dlprep.checkers.families.autograd import child as autograd_child
from dlprep.checkers.families.autograd import expr_graph, saved_hooks
from dlprep.checkers.registry import register
from dlprep.checkers.sandbox import harness
from dlprep.results import CheckResult

# float64 scalars: the user's plain-Python arithmetic and torch's kernels differ in the last bits.
EXPR_RTOL, EXPR_ATOL = 1e-7, 1e-9


@dataclass
class ProbeCase(Case):
    """A case plus probe settings sent with it (kind, grad_args, through, upstream, grad_out)."""

    spec: dict[str, Any] = field(default_factory=dict)

    def wire(self) -> dict[str, Any]:
        return {"args": list(self.args), "kwargs": self.kwargs, **self.spec}


class NotPlain(Exception):
    """A described value that holds an object: only plain data is judged."""


def plain(desc: dict[str, Any]) -> Any:
    """A `harness.describe` tree back as Python values (tensors stay tensors)."""
    kind = desc["kind"]
    if kind == "object":
        raise NotPlain(desc["type"])
    if kind == "tensor":
        return desc["value"]
    if kind == "scalar":
        return desc["value"]
    if kind == "seq":
        items = [plain(x) for x in desc["items"]]
        return tuple(items) if desc["type"] == "tuple" else items
    return {k: plain(v) for k, v in desc["items"].items()}


# Verified unless said otherwise: values and gradients compared here with the oracle's; what the
# child read off the user's objects (grad_fn names, flags, saved counts) goes to `observe`.
def _fail(case: Case, message: str, **details: Any) -> CheckResult:
    return CheckResult(case.name, "fail", message=message, details=details, trust="verified")


def _pass(case: Case, message: str | None = None, **details: Any) -> CheckResult:
    return CheckResult(case.name, "pass", message=message, details=details, trust="verified")


@register("autograd")
class AutogradFamily(Family):
    child_harness = "dlprep.checkers.families.autograd.child:run_child"
    default_hidden = 6
    reported_name = "autograd facts"
    observed = "grad_fn, requires_grad and shared storage of the results, tensors saved for backward, inputs unchanged"

    def __init__(self, ex: Any):
        super().__init__(ex)
        self.probe: str = ex.check.PROBE
        self.file: dict[str, Any] = {}

    def job(self, source: str, filename: str, device: str) -> dict[str, Any]:
        job = super().job(source, filename, "cpu")  # autograd's logic is device-independent: CPU always
        job["probe"] = self.probe
        job.update(getattr(self.ex.check, "PROBE_OPTIONS", {}))
        return job

    def payload(self, cases: list[Case]) -> bytes:
        return harness.dump({"cases": [c.wire() if isinstance(c, ProbeCase) else
                                       {"args": list(c.args), "kwargs": c.kwargs} for c in cases]})

    def judge(self, public: list[Case], hidden: list[Case], facts: dict[str, Any]
              ) -> tuple[list[CheckResult], dict[str, int]]:
        self.file = facts.get("file", {})
        return super().judge(public, hidden, facts)

    def reported_problem(self, case: Case, fact: dict[str, Any]) -> str | None:
        # A probe case's inputs are not the solution's arguments (probs = softmax(logits) is built
        # in the child), and judge_case already compares the inputs after the call with the
        # oracle's: only what the judges observed is reported here.
        return self._observations.get(id(case))

    def judge_case(self, case: Case, fact: dict[str, Any]) -> CheckResult:
        err = fact.get("error")
        if err is not None and err.get("notimpl"):
            return CheckResult(case.name, "unattempted", message="not implemented yet", trust="verified")
        if self.probe == "function" and not self.file.get("is_function"):  # says more than its AttributeError
            self.observe(case, f"{self.ex.question.entry} must be a subclass of torch.autograd.Function "
                               "(with static forward and backward methods)")
            if err is None and "out" not in fact:
                return _fail(case, "no result to compare: the entry is not an autograd.Function")
        if self.probe == "function" and self.file.get("non_static"):  # read off the user's class: reported
            names = ", ".join(f"{self.ex.question.entry}.{n}" for n in self.file["non_static"])
            self.observe(case, f"{names} must be a @staticmethod: torch calls the methods of an autograd.Function "
                               "on the class itself (the ctx is its first argument, there is no self)")
        if err is not None and self.probe != "call":  # a call-style check may expect an exception
            at = f" (line {err['line']})" if err.get("line") else ""
            return _fail(case, f"raised {err['type']}{at}: {err['message']}")
        judge = {"function": self._function, "expression": self._expression, "saved": self._saved,
                 "tensor": self._tensor, "call": self._call, "packed": self._packed}[self.probe]
        return judge(case, fact)

    # ------------------------------------------------------------------ custom autograd.Function

    def _function(self, case: Case, fact: dict[str, Any]) -> CheckResult:
        entry = self.ex.question.entry
        if "gradcheck" in fact:  # gradcheck ran beside the user's backward: its verdict is reported
            g = fact["gradcheck"]
            if g["ok"]:
                return CheckResult(case.name, "pass", message="torch.autograd.gradcheck passed (float64, eps=1e-6)")
            return CheckResult(case.name, "fail", message=f"torch.autograd.gradcheck failed: {g['message']}"[:500])
        x, grad_out = case.args
        label = f"x{list(x.shape)} {str(x.dtype).removeprefix('torch.')}"
        if x.numel():
            label += f", |x| up to {float(x.abs().max()):g}"
        out = fact["out"]
        node = f"{self.file.get('name')}Backward"  # the node autograd makes for a Function class of that name
        if out["kind"] == "tensor" and out["grad_fn"] != node:  # a name the child read: reported
            self.observe(case, f"the output's grad_fn is {out['grad_fn']}, not {node}: the result must come from "
                               f"{entry}.apply itself, so that autograd calls your backward")
        if fact.get("forbidden"):  # aten ops traced beside the user's code: reported
            self.observe(case, f"torch's own {', '.join(fact['forbidden'])} ran inside {entry} (seen at torch's "
                               "dispatcher, however it was spelled): the exercise is to compute it yourself")
        contract = _function_contract(fact, entry)
        if contract:  # how the Function saved and treated its tensors, seen in the child: reported
            self.observe(case, contract)
        y, grad = self.once(case, "oracle", lambda: self.ex.check.oracle(x.clone(), grad_out.clone()))
        rtol, atol = self.tolerances()
        c = compare_described(out, harness.describe(y), rtol, atol, where="forward")
        if c.ok:
            if fact["grad"] is None:
                return _fail(case, "the output does not require grad: no graph leads back to x", inputs=label)
            c = compare_described(fact["grad"], harness.describe(grad), rtol, atol, where="x.grad")
        if not c.ok:
            message = _overflow_hint(c, out, fact["grad"])
            first = c.details.get("mismatches", [{}])[0].get("index")
            if first is not None and x.numel():
                message += f" (at x = {float(x[tuple(first)])!r})"
            return _fail(case, message, inputs=label, **c.details)
        problem = self._function_after(fact, x, grad_out, grad, rtol, atol)
        if problem:
            return _fail(case, problem, inputs=label)
        return _pass(case, inputs=label, **c.details)

    def _function_after(self, fact: dict[str, Any], x: torch.Tensor, grad_out: torch.Tensor, grad: torch.Tensor,
                        rtol: float | None, atol: float | None) -> str | None:
        """Verified, from values the child sent back: x and grad_output unchanged by forward and
        backward, and a backward after x was changed in place either refused by autograd (what
        save_for_backward does) or still the gradient at the original x (a saved output or copy)."""
        entry = self.ex.question.entry
        after = fact.get("after") or {}
        if "x" in after and not compare_described(after["x"], harness.describe(x), 0.0, 0.0).ok:
            return (f"{entry}.forward modified its input x in place: the caller's tensor is overwritten (compute "
                    "a new tensor, or declare it with ctx.mark_dirty)")
        if after.get("grad_output") is not None and \
                not compare_described(after["grad_output"], harness.describe(grad_out), 0.0, 0.0).ok:
            return (f"{entry}.backward modified grad_output in place: autograd may share that buffer with other "
                    "consumers of the output; return a new tensor instead")
        stale = fact.get("stale")
        if stale and "grad" in stale and not compare_described(stale["grad"], harness.describe(grad), rtol, atol).ok:
            return ("after forward, x was changed in place and backward silently used the changed values: a tensor "
                    "kept as a ctx attribute escapes autograd's version check; save it with ctx.save_for_backward "
                    f"(autograd then raises '{autograd_child.STALE_ERROR}') or compute backward from a saved copy")
        return None

    # ------------------------------------------------------------------ scalar AD engines

    def _expression(self, case: Case, fact: dict[str, Any]) -> CheckResult:
        expr = case.args[0]
        lines = expr_graph.render(expr)
        details = {"expression": "; ".join(lines)[:600]}
        mode = self.ex.check.PROBE_OPTIONS["mode"]
        value_attr, deriv_attr = self.ex.check.PROBE_OPTIONS["attrs"]
        expected = self.once(case, "oracle", lambda: self.ex.check.oracle(expr))
        want = expected["grads"] if mode == "reverse" else expected["tangents"]
        if len(fact["values"]) != len(lines):
            return _fail(case, f"built {len(fact['values'])} nodes, expected {len(lines)}", **details)
        for attr, got in ((value_attr, fact["values"]), (deriv_attr, fact["derivs"])):
            bad = next((i for i, v in enumerate(got) if not isinstance(v, float)), None)
            if bad is not None:
                return _fail(case, f"v{bad}.{attr} is a {got[bad]}, expected a Python float: the engine must "
                                   "compute with plain numbers", **details)
        i = _first_mismatch(fact["values"], expected["values"], range(len(lines)))
        if i is not None:
            return _fail(case, f"{value_attr} of {lines[i]}: yours {fact['values'][i]!r}, expected "
                               f"{expected['values'][i]!r}", **details)
        # Reverse mode: an adjoint is built from its consumers', so the wrong one nearest the output
        # points at the faulty rule; forward mode: the first wrong tangent does.
        order = range(len(lines) - 1, -1, -1) if mode == "reverse" else range(len(lines))
        i = _first_mismatch(fact["derivs"], want, order)
        if i is None:
            return _pass(case, **details)
        what = f"{deriv_attr} of v{i} ({lines[i].split(' = ', 1)[1]})"
        if mode == "reverse":
            users = expr_graph.consumers(expr, i)
            if users:
                what += "; v{} is used by {}".format(i, ", ".join(lines[u] for u in users))
        return _fail(case, f"{what}: yours {fact['derivs'][i]!r}, expected {want[i]!r}", **details)

    # ------------------------------------------------------------------ saved tensors (checkpointing)

    def _saved(self, case: Case, fact: dict[str, Any]) -> CheckResult:
        assert isinstance(case, ProbeCase)
        expected = self.once(case, "saved", lambda: autograd_child.saved_probe(self.ex.check.oracle, case.wire(), {}))
        names = self.ex.check.leaf_names(*case.args)
        label = self.ex.check.label(*case.args)
        rtol, atol = self.tolerances()
        c = compare_described(fact["out"], expected["out"], rtol, atol, where="output")
        if not c.ok:
            return _fail(case, c.message or "wrong output", inputs=label, **c.details)
        for name, got, want in zip(names, fact["grads"], expected["grads"], strict=True):
            if got["kind"] == "scalar" and got["value"] is None:
                return _fail(case, f"{name}.grad is None: no gradient reached {name} (was the graph cut by "
                                   "detach() or no_grad on the way?)", inputs=label)
            c = compare_described(got, want, rtol, atol, where=f"{name}.grad")
            if not c.ok:
                return _fail(case, c.message or "wrong gradient", inputs=label, **c.details)
        saved, plain_saved = fact["saved"], expected["saved"]
        bound = int(self.ex.check.saved_bound(*case.args))
        counts = {"saved": saved, "saved_without_checkpointing": plain_saved, "saved_bound": bound}
        # counted by a saved-tensors hook beside the user's forward: reported
        if saved >= plain_saved:
            self.observe(case, f"forward saved {saved} tensors for backward, no fewer than the model without "
                               f"checkpointing ({plain_saved}): nothing is recomputed")
        elif saved > bound:
            self.observe(case, f"forward saved {saved} tensors for backward (without checkpointing: {plain_saved}); "
                               f"with every segment checkpointed at most {bound} are kept")
        want_runs = getattr(self.ex.check, "recomputes", None)
        if want_runs is not None and fact.get("recomputes") is not None:
            runs, want = int(fact["recomputes"]), int(want_runs(*case.args))
            counts["recomputes"] = runs
            if runs != want:  # counted from aten ops traced in the child: reported
                self.observe(case, f"backward recomputed the forward in {runs} separate segment(s), expected {want}: "
                                   "each of the asked segments is checkpointed on its own and recomputed just before "
                                   "its backward")
        return _pass(case, f"saved {saved} tensors (without checkpointing: {plain_saved})", inputs=label, **counts)

    # ------------------------------------------------------------------ grad_fn, storage, gradient flow

    def _tensor(self, case: Case, fact: dict[str, Any]) -> CheckResult:
        assert isinstance(case, ProbeCase)
        expected = self.once(case, "tensor", lambda: autograd_child.tensor_probe(self.ex.check.oracle, case.wire(), {}))
        label = self.ex.check.label(*case.args)
        rtol, atol = self.tolerances()
        up, want_up = fact["upstream"], expected["upstream"]
        for i, (got, want) in enumerate(zip(fact["after"], expected["after"], strict=True)):
            if want is not None and not (isinstance(got, torch.Tensor) and got.shape == want.shape
                                         and torch.equal(torch.nan_to_num(got), torch.nan_to_num(want))):
                message = (f"modified its input argument {i} in place (a detach()ed tensor, or .data, shares its "
                           "storage with the original: clone() before writing)")
                if up is not None and "error" in up:
                    message += f"; backward through the input's graph now raises {up['error']['type']}: " \
                               f"{up['error']['message']}"
                elif up is not None:
                    message += "; backward through the input's graph silently uses the changed values"
                self.observe(case, message[:600])  # the inputs as the child saw them after the call
                break
        if expected.get("write_check") == "raised" and fact.get("write_check") == "silent":
            key = case.spec.get("write_into")  # what the child saw when it wrote: reported
            self.observe(case, f"an in-place write into result[{key!r}] went unnoticed by autograd: backward through "
                               "x's graph then silently used the changed values (x.data bypasses x's version counter; "
                               "x.detach() shares it, so autograd raises)")
        out = fact["out"]
        c = compare_described(out, expected["out"], rtol, atol, where="result")
        if not c.ok:
            return _fail(case, c.message or "wrong result", inputs=label, **c.details)
        c = compare_described(out, _same_grad_fn_names(expected["out"], out), rtol, atol,
                              ("requires_grad", "grad_fn", "shares"), where="result")
        if not c.ok:  # flags and aliasing read off the user's tensors: reported
            self.observe(case, _storage_hint(c.message or "wrong result"))
        elif (got_pairs := {tuple(p) for p in fact.get("aliases") or []}) != (
                want_pairs := {tuple(p) for p in expected["aliases"]}):
            extra, missing = sorted(got_pairs - want_pairs), sorted(want_pairs - got_pairs)
            a, b = (extra or missing)[0]
            self.observe(case, f"result{a} and result{b} " + ("share one storage: each needs its own (a write into "
                               "one would change the other)" if extra else "should share one storage and do not"))
        flow = self._flows(fact["flows"], expected["flows"], rtol, atol)
        if flow:
            return _fail(case, flow, inputs=label)
        if want_up is not None:
            if up is None or "error" in up:
                err = (up or {}).get("error") or {"type": "?", "message": "no result"}
                return _fail(case, "after the call, backward through the input's own graph fails: "
                                   f"{err['type']}: {err['message']}"[:500], inputs=label)
            for got, want in zip(up["grads"], want_up["grads"], strict=True):
                c = compare_described(got, want, rtol, atol, where="gradient through the input's graph")
                if not c.ok:
                    return _fail(case, c.message or "wrong gradient", inputs=label, **c.details)
        return _pass(case, inputs=label)

    @staticmethod
    def _flows(got: dict[str, list[Any]], want: dict[str, list[Any]], rtol: float | None,
               atol: float | None) -> str | None:
        for path in sorted(set(got) | set(want)):
            if path not in want or path not in got:
                continue  # requires_grad differs: already reported with the result's properties
            for i, (g, w) in enumerate(zip(got[path], want[path], strict=True)):
                g_none = g["kind"] == "scalar" and g["value"] is None
                w_none = w["kind"] == "scalar" and w["value"] is None
                where = f"the gradient of result{path}.sum() with respect to input {i}"
                if g_none != w_none:
                    return f"{where} is {'None' if g_none else 'a tensor'}, expected " \
                           f"{'None (no path back to it)' if w_none else 'a tensor (a path back to it)'}"
                if not g_none:
                    c = compare_described(g, w, rtol, atol, where=where)
                    if not c.ok:
                        return c.message
        return None

    # ------------------------------------------------------------------ saved-tensor hooks

    def _packed(self, case: Case, fact: dict[str, Any]) -> CheckResult:
        assert isinstance(case, ProbeCase)
        want = self.once(case, "packed", lambda: saved_hooks.packed_probe(self.ex.check.oracle, case.wire(), {}))
        label = self.ex.check.label(case)
        problem, details = saved_hooks.judge(self, case, fact, want)
        if problem:
            return _fail(case, problem[:700], inputs=label, **details)
        return _pass(case, f"{len(want['packs'])} saved tensors, {details['packed_bytes']} bytes in bfloat16 copies",
                     inputs=label, **details)

    # ------------------------------------------------------------------ plain calls judged by check.py

    def _call(self, case: Case, fact: dict[str, Any]) -> CheckResult:
        label = self.ex.check.label(*case.args)
        error = fact.get("error")
        returned = None
        if error is None:
            try:
                returned = plain(fact["out"])
            except NotPlain as e:
                return _fail(case, f"returned a {e}, which is not allowed here (return plain lists, dicts and "
                                   "numbers)", inputs=label)
        problem = self.ex.check.problem(copy.deepcopy(case.args), returned, error)
        return _fail(case, problem, inputs=label) if problem else _pass(case, inputs=label)


def _function_contract(fact: dict[str, Any], entry: str) -> str | None:
    """The autograd.Function contract, beyond the values: inputs and grad_output are read-only,
    tensors for backward go through save_for_backward."""
    if fact.get("x_changed"):
        return (f"{entry}.forward modified its input x in place: the caller's tensor is overwritten (compute "
                "a new tensor, or declare it with ctx.mark_dirty)")
    if fact.get("ctx_tensors"):
        names = ", ".join(f"ctx.{n}" for n in fact["ctx_tensors"])
        return (f"forward kept tensors as ctx attributes ({names}): save them with ctx.save_for_backward, "
                "which checks they were not modified before backward and frees them with the graph")
    if fact.get("grad_out_changed"):
        return (f"{entry}.backward modified grad_output in place: autograd may share that buffer with other "
                "consumers of the output; return a new tensor instead")
    return None


def _first_mismatch(got: list[float], want: list[float], order: range) -> int | None:
    for i in order:
        if not abs(got[i] - want[i]) <= EXPR_ATOL + EXPR_RTOL * abs(want[i]):
            return i
    return None


def _overflow_hint(c: Comparison, out: dict[str, Any], grad: dict[str, Any] | None) -> str:
    """The two classic float traps, named when the user's tensors show them."""
    message = c.message or "wrong values"
    got = [d["value"] for d in (out, grad) if d is not None and d["kind"] == "tensor"]
    if any(bool((~torch.isfinite(t)).any()) for t in got if t.is_floating_point()):
        message += " (inf/nan where torch's result is finite: does an exp() overflow for large |x|?)"
    elif "relative error" in message and any(bool((t == 0).any()) for t in got[:1]):
        message += " (0 where torch's result is tiny: 1 + e^x rounds to 1 for very negative x; log1p keeps it)"
    return message


def _same_grad_fn_names(expected: dict[str, Any], actual: dict[str, Any]) -> dict[str, Any]:
    """The expected tree with grad_fn names taken from the actual one wherever both have one:
    only the presence of a grad_fn is judged (x.clone() and x * 1 both keep the path)."""
    if expected["kind"] == "tensor" and actual["kind"] == "tensor":
        if expected["grad_fn"] is not None and actual["grad_fn"] is not None:
            return {**expected, "grad_fn": actual["grad_fn"]}
        return expected
    if expected["kind"] == actual["kind"] == "seq" and len(expected["items"]) == len(actual["items"]):
        return {**expected, "items": [_same_grad_fn_names(e, a) for e, a in
                                      zip(expected["items"], actual["items"], strict=True)]}
    if expected["kind"] == actual["kind"] == "dict":
        return {**expected, "items": {k: _same_grad_fn_names(v, actual["items"][k]) if k in actual["items"] else v
                                      for k, v in expected["items"].items()}}
    return expected


def _storage_hint(message: str) -> str:
    if "inputs whose storage it shares is []" in message:
        return message + " (a copy where a view of the input was asked for)"
    if "expected []" in message and "storage" in message:
        return message + " (it shares memory with the input: writing into one changes the other)"
    return message

