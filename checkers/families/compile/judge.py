"""compile: torch.compile exercises - graph breaks, custom ops, recompilation, AOTAutograd graphs.

An exercise's check.py names its PROBE (see compile_child), which decides what the child does with
the user's entry; this module judges the facts per probe, against oracles computed here:

- fullgraph:  `torch.compile(solve, fullgraph=True)` must succeed and agree with `oracle(*args)`
              (the original, graph-breaking function); per file, torch._dynamo.explain must find no
              graph break (each one is named with its line).
- custom_op:  the op named in PROBE_OPTIONS must exist in torch.ops, its fake implementation must
              give the real output's shape and dtype under FakeTensorMode, torch.library.opcheck
              must pass, the compiled caller must call the op in one graph, and the op's and the
              caller's values must match `op_oracle` and `oracle`.
- recompile:  one case is a schedule of calls on varying shapes; the function that `make(backend)`
              returns must agree with `oracle(x, n)` on every call, run every call through a
              compiled graph, and compile exactly one graph over the schedule (dynamo's guard
              failures say why it did not).
- aot:        the recorded forward and backward graphs of a trusted model (compile_child.MODELS):
              one of each, aten-level, the forward free of backward ops, each holding the ops that
              `EXPECTED_OPS[model]` lists, the forward's saved outputs matching the backward's inputs,
              one gradient per input; output and gradients compared with eager autograd.
- export:     `export_dynamic(model, example_x)` on a trusted module (compile_child.EXPORT_MODELS) must
              return a torch.export.ExportedProgram whose module agrees with the eager module on every
              run-time input (other batch sizes, batch 1 and the largest stated among them), and, loaded
              with a second state_dict, with the eager module holding that state (parameters and
              buffers are the program's state under their own names, not constants baked into it).
"""

from __future__ import annotations

import copy
import inspect
import re
from dataclasses import dataclass, field
from typing import Any

import torch

from dlprep.checkers.base import Case, Family
from dlprep.checkers.compare import compare_described
from dlprep.checkers.families.compile import child as compile_child
from dlprep.checkers.registry import register
from dlprep.checkers.sandbox import harness, warmups
from dlprep.results import CheckResult, Status


@dataclass
class CompileCase(Case):
    """A case plus settings sent with it: the aot probe's `model` and `grad_out`."""

    spec: dict[str, Any] = field(default_factory=dict)

    def wire(self) -> dict[str, Any]:
        return {"args": list(self.args), "kwargs": self.kwargs, **self.spec}


# Verified: values compared here with the oracle's, and recorded graphs inspected here from their
# plain description. Dynamo's counters, explain and opcheck ran beside the user's code: reported
# (per case through `observe`, per file as reported checks).
def _fail(case: Case, message: str, **details: Any) -> CheckResult:
    return CheckResult(case.name, "fail", message=message, details=details, trust="verified")


def _pass(case: Case, message: str, **details: Any) -> CheckResult:
    return CheckResult(case.name, "pass", message=message, details=details, trust="verified")


def _at(err: dict[str, Any]) -> str:
    return f" (line {err['line']})" if err.get("line") else ""


def _shape(x: Any) -> str:
    return str(tuple(x.shape)) if isinstance(x, torch.Tensor) else repr(x)


def _label(case: Case) -> str:
    return ", ".join(_shape(a) for a in case.args)[:200]


def _breaks(explain: dict[str, Any]) -> str:
    items = [f"line {r['line']}: {r['reason']}" if r.get("line") else r["reason"] for r in explain["reasons"]]
    return "; ".join(items)


def _names(ops: list[str], keep: Any) -> list[str]:
    return sorted({op for op in ops if keep(op)})


@register("compile")
class CompileFamily(Family):
    child_harness = "dlprep.checkers.families.compile.child:run_child"
    default_hidden = 4
    timeout_s = 90.0  # dynamo's first compile in a fresh child costs seconds on a loaded 2-core box
    warm = (*Family.warm, warmups.COMPILE)

    reported_name = "compile facts"
    observed = "graphs counted by dynamo, the custom op called from the compiled graph"

    def __init__(self, ex: Any):
        super().__init__(ex)
        self.probe: str = ex.check.PROBE
        if self.probe == "export":  # every export check compares values here: nothing is observed
            self.observed = "nothing beyond the values (the export probe observes no fact in the run)"
        self.file: dict[str, Any] = {}

    def job(self, source: str, filename: str, device: str) -> dict[str, Any]:
        job = super().job(source, filename, "cpu")  # eager-backend graphs: the device adds nothing here
        job["probe"] = self.probe
        job.update(getattr(self.ex.check, "PROBE_OPTIONS", {}))
        return job

    def payload(self, cases: list[Case]) -> bytes:
        return harness.dump({"cases": [c.wire() if isinstance(c, CompileCase) else
                                       {"args": list(c.args), "kwargs": c.kwargs} for c in cases]})

    def judge(self, public: list[Case], hidden: list[Case], facts: dict[str, Any]
              ) -> tuple[list[CheckResult], dict[str, int]]:
        self.file = facts.get("file", {})
        tests, summary = super().judge(public, hidden, facts)
        attempted = any(not c.get("error", {}).get("notimpl") for c in facts["cases"])
        return self._file_tests(attempted) + tests, summary

    # ------------------------------------------------------------------ per file

    def _file_tests(self, attempted: bool) -> list[CheckResult]:
        checks: list[tuple[str, Status, str | None]] = []  # (name, status, message)
        if self.probe == "fullgraph":
            ex = self.file.get("explain")
            if ex is None:
                checks.append(("graph breaks", "fail", "torch._dynamo.explain did not run: solve raised on every case"))
            elif "error" in ex:
                err = ex["error"]
                checks.append(("graph breaks", "fail", f"torch._dynamo.explain(solve) raised {err['type']}"
                                                       f"{_at(err)}: {err['message']}"))
            elif ex["reasons"] or ex["breaks"]:
                n = max(len(ex["reasons"]), ex["breaks"])
                checks.append(("graph breaks", "fail",
                               f"torch._dynamo.explain found {n} graph break(s): {_breaks(ex)}"))
            elif ex["graphs"] < 1:
                checks.append(("graph breaks", "fail", "torch._dynamo.explain captured no graph: Dynamo traced no "
                                                       "tensor operation in solve"))
            else:
                checks.append(("graph breaks", "pass", f"torch._dynamo.explain: {ex['graphs']} graph, no graph break"))
        elif self.probe == "custom_op":
            name = self.ex.check.PROBE_OPTIONS["op"]
            op = self.file.get("op", {})
            if not op.get("exists"):
                checks.append(("op registered", "fail",
                               f"torch.ops.{name.replace('::', '.')} does not exist: register it with "
                               f"@torch.library.custom_op(\"{name}\", mutates_args=())"))
                checks.append(("opcheck", "fail", "torch.library.opcheck did not run: there is no op to check"))
            else:
                checks.append(("op registered", "pass", f"schema: {op.get('schema')}"))
                oc = self.file.get("opcheck")
                if oc is None:
                    checks.append(("opcheck", "fail", "torch.library.opcheck did not run: solve raised on every case"))
                elif "error" in oc:
                    checks.append(("opcheck", "fail", f"torch.library.opcheck failed: {oc['error']}"))
                else:
                    bad = {k: v for k, v in oc["results"].items() if v != "SUCCESS"}
                    checks.append(("opcheck", "fail" if bad else "pass",
                                   f"torch.library.opcheck: {bad}" if bad else
                                   f"torch.library.opcheck passed: {', '.join(oc['results'])}"))
        out = []
        for name, status, message in checks:
            if not attempted:
                status, message = "unattempted", "not implemented yet"
            out.append(CheckResult(name, status, 1.0 if status == "pass" else 0.0, 1.0, message, trust="reported"))
        return out

    # ------------------------------------------------------------------ per case

    def judge_case(self, case: Case, fact: dict[str, Any]) -> CheckResult:
        err = fact.get("error")
        if err is not None:
            if err.get("notimpl"):
                return CheckResult(case.name, "unattempted", message="not implemented yet", trust="verified")
            return _fail(case, f"raised {err['type']}{_at(err)}: {err['message']}", inputs=_label(case))
        judge = {"fullgraph": self._fullgraph, "custom_op": self._custom_op, "recompile": self._recompile,
                 "aot": self._aot, "export": self._export}[self.probe]
        return judge(case, fact)

    def _expected(self, fn: Any, case: Case) -> dict[str, Any]:
        args = [a.clone() if isinstance(a, torch.Tensor) else copy.deepcopy(a) for a in case.args]
        return harness.describe(fn(*args))

    def _compiled(self, case: Case, fact: dict[str, Any], expected: dict[str, Any]) -> CheckResult | None:
        """A failure of the compiled caller, or None: it compiled to one graph and got the values right."""
        label = _label(case)
        if "compile_error" in fact:
            e = fact["compile_error"]
            return _fail(case, f"torch.compile(solve, fullgraph=True) failed{_at(e)}: {e['type']}: {e['message']}",
                         inputs=label)
        rtol, atol = self.tolerances()
        scale = self.error_scale(case)  # where the exercise has one: the magnitude of what each value sums
        c = compare_described(fact["out"], expected, rtol, atol, where="compiled output", scale=scale)
        if not c.ok:
            eager_ok = compare_described(fact["eager"], expected, rtol, atol, scale=scale).ok
            hint = "; called eagerly solve returns the right values, only the compiled call differs" if eager_ok else ""
            return _fail(case, f"{c.message}{hint}", inputs=label, **c.details)
        if fact["graph_count"] < 1 or fact["runs"] < 1:
            self.observe(case, "torch.compile captured no graph: solve ran eagerly")
        return None

    def _fullgraph(self, case: Case, fact: dict[str, Any]) -> CheckResult:
        bad = self._compiled(case, fact, self._expected(self.ex.check.oracle, case))
        return bad or _pass(case, "one graph, no graph break", inputs=_label(case))

    def _custom_op(self, case: Case, fact: dict[str, Any]) -> CheckResult:
        name = self.ex.check.PROBE_OPTIONS["op"]
        dotted = "torch.ops." + name.replace("::", ".")
        label = _label(case)
        if "fake" not in fact:
            e = fact.get("compile_error")
            broke = f"; torch.compile(solve, fullgraph=True) failed{_at(e)}: {e['message']}" if e else ""
            return _fail(case, f"{dotted} does not exist{broke}"[:600], inputs=label)
        want = self._expected(self.ex.check.op_oracle, case)
        fake = fact["fake"]
        if "error" in fake:
            e = fake["error"]
            return _fail(case, f"under FakeTensorMode {dotted} raised {e['type']}: {e['message']} "
                               "(torch.compile traces with fake tensors: the op needs register_fake)"[:600],
                         inputs=label)
        if "type" in fake:
            return _fail(case, f"under FakeTensorMode {dotted} returned a {fake['type']}, not a tensor", inputs=label)
        got_sig, want_sig = (tuple(fake["shape"]), fake["dtype"]), (tuple(want["shape"]), want["dtype"])
        if got_sig != want_sig:
            return _fail(case, f"under FakeTensorMode {dotted} returns a {got_sig[0]} {got_sig[1]} tensor, but the "
                               f"op's output is {want_sig[0]} {want_sig[1]}: the fake implementation must compute "
                               "the output's shape and dtype from the inputs' shapes and dtypes", inputs=label)
        if "op_error" in fact:
            e = fact["op_error"]
            return _fail(case, f"{dotted} raised {e['type']}{_at(e)}: {e['message']}", inputs=label)
        rtol, atol = self.tolerances()
        c = compare_described(fact["op_out"], want, rtol, atol, where=dotted)
        if not c.ok:
            return _fail(case, c.message or "wrong values", inputs=label, **c.details)
        # opcheck (per file) tries one input; the fake must give the real output's strides on every
        # input, or compiled code that trusts the fake's layout reads the real output wrongly. Dims of
        # size 1 are skipped: their stride is never used to address an element.
        real_stride, fake_stride = fact.get("op_stride"), fake.get("stride")
        if real_stride is not None and fake_stride is not None and [
                (a, b) for a, b, n in zip(real_stride, fake_stride, want["shape"], strict=False) if n > 1 and a != b]:
            return _fail(case, f"{dotted} returns a tensor with strides {tuple(real_stride)}, but its fake "
                               f"implementation gives strides {tuple(fake_stride)} for the same input: opcheck's "
                               "test_faketensor fails on it (make the real output contiguous, or the fake match it)",
                         inputs=label)
        bad = self._compiled(case, fact, self._expected(self.ex.check.oracle, case))
        if bad is not None:
            return bad
        prefix = name.replace("::", ".")
        if not any(op.startswith(prefix) for g in fact["graphs"] for op in g["ops"]):  # dynamo's capture: reported
            self.observe(case, f"the compiled graph never calls {dotted}: solve must go through the custom op")
        return _pass(case, f"one graph calling {dotted}", inputs=label)

    def _recompile(self, case: Case, fact: dict[str, Any]) -> CheckResult:
        calls = case.args[0]
        label = "; ".join(f"x{tuple(x.shape)} n={n}" for x, n in calls)
        details = {"calls": label}

        def call(i: int) -> str:
            x, n = calls[i]
            return f"call {i + 1} of {len(calls)} (x {tuple(x.shape)}, n_valid={n})"

        if "call_error" in fact:
            e = fact["call_error"]
            return _fail(case, f"{call(e['index'])} raised {e['type']}{_at(e)}: {e['message']}", **details)
        if fact["graph_count"] == 0:  # dynamo's counters from here on: reported
            self.observe(case, "the backend passed to make_compiled was never called: compile with "
                               "torch.compile(..., backend=backend)")
        rtol, atol = self.tolerances()
        for i, got in enumerate(fact["calls"]):
            x, n = calls[i]
            c = compare_described(got["out"], harness.describe(self.ex.check.oracle(x.clone(), n)), rtol, atol)
            if not c.ok:
                return _fail(case, f"{call(i)}: {c.message}", **details, **c.details)
        self._recompile_counts(case, fact, call)
        return _pass(case, f"{len(calls)} calls", **details)

    def _recompile_counts(self, case: Case, fact: dict[str, Any], call: Any) -> None:
        for i, got in enumerate(fact["calls"]):
            if got["runs"] == 0:
                return self.observe(case, f"{call(i)} did not run a compiled graph: dynamo gave up on it and ran "
                                          "it eagerly (a recompile limit reached? torch.compiler.disable?)")
        graphs, n_calls = fact["graph_count"], len(fact["calls"])
        if graphs > 1:
            runs = max(got["runs"] for got in fact["calls"])
            if runs > 1:
                why = f"a call ran {runs} graphs: the function has a graph break"
            elif fact["reasons"]:
                why = "dynamo recompiled because a guard failed: " + "; ".join(dict.fromkeys(fact["reasons"]))[:400]
            else:
                why = "dynamo recompiled"
            return self.observe(case, f"compiled {graphs} graphs for {n_calls} calls, expected 1; {why}")
        return None

    def _aot(self, case: Case, fact: dict[str, Any]) -> CheckResult:
        assert isinstance(case, CompileCase)
        model = case.spec["model"]
        label = f"{model}({_label(case)})"
        if "bad_return" in fact:
            got = fact["bad_return"]
            what = got.get("type") or got["kind"]
            if got["kind"] == "seq":
                what = f"a {got['type']} of {len(got['items'])} items"
            return _fail(case, "make_backend() must return (backend, forward_graphs, backward_graphs); "
                               f"it returned {what}", inputs=label)
        if "run_error" in fact:
            e = fact["run_error"]
            return _fail(case, f"compiling {model} with your backend and running backward raised {e['type']}: "
                               f"{e['message']}", inputs=label)
        problem = self._graph_problem(model, fact["forward"], fact["backward"], len(case.args))
        if problem:
            return _fail(case, problem, inputs=label)
        out, grads = self.ex.check.oracle(model, [a.clone() for a in case.args], case.spec["grad_out"])
        rtol, atol = self.tolerances()
        c = compare_described(fact["out"], harness.describe(out), rtol, atol, where="compiled output")
        names = list(inspect.signature(compile_child.MODELS[model]).parameters)
        for name, got, want in zip(names, fact["grads"], grads, strict=True):
            if not c.ok:
                break
            c = compare_described(got, harness.describe(want), rtol, atol, where=f"{name}.grad")
        if not c.ok:
            return _fail(case, c.message or "wrong values", inputs=label, **c.details)
        fw, bw = fact["forward"]["items"][0], fact["backward"]["items"][0]
        return _pass(case, f"forward {len(fw['ops'])} ops, backward {len(bw['ops'])} ops, "
                           f"{fw['outputs'] - 1} saved for backward", inputs=label)

    def _graph_problem(self, model: str, fw_list: dict[str, Any], bw_list: dict[str, Any], n_inputs: int
                       ) -> str | None:
        for which, lst in (("forward_graphs", fw_list), ("backward_graphs", bw_list)):
            if lst["kind"] != "list":
                return f"{which} is a {lst['type']}, expected a list that your compiler appends to"
            for i, g in enumerate(lst["items"]):
                if g["kind"] != "graph":
                    return f"{which}[{i}] is a {g['type']}, expected the torch.fx.GraphModule handed to your compiler"
        if fw_list["count"] == 0:
            return "no forward graph was recorded: AOTAutograd hands the forward graph to fw_compiler"
        first_ops = fw_list["items"][0]["ops"]
        torch_level = _names(first_ops, lambda op: not op.startswith("aten.") and "getitem" not in op)
        if torch_level and not any(op.startswith("aten.") for op in first_ops):
            return (f"the forward graph calls {', '.join(torch_level)}, not aten ops: it is Dynamo's graph, recorded "
                    "before AOTAutograd traced it into forward and backward")
        if bw_list["count"] == 0:
            extra = f" (forward_graphs holds {fw_list['count']})" if fw_list["count"] > 1 else ""
            return ("no backward graph was recorded: AOTAutograd hands the backward graph to bw_compiler when "
                    f"backward first runs{extra}")
        if fw_list["count"] != 1 or bw_list["count"] != 1:
            return (f"recorded {fw_list['count']} forward and {bw_list['count']} backward graphs for one function "
                    "compiled once, expected one of each")
        fw, bw = fw_list["items"][0], bw_list["items"][0]
        want_fw, want_bw = self.ex.check.EXPECTED_OPS[model]
        backward_ops = _names(fw["ops"], lambda op: "_backward" in op)
        if backward_ops:
            return (f"the graph recorded as forward contains {', '.join(backward_ops)}: that is the backward graph "
                    "(are the two compilers swapped?)")
        for which, g, wanted in (("forward", fw, want_fw), ("backward", bw, want_bw)):
            missing = [op for op in wanted if op not in g["ops"]]
            if missing:
                ops = ", ".join(sorted(set(g["ops"])))
                return f"the {which} graph has no {', '.join(missing)} (its ops: {ops})"[:600]
        saved_out, saved_in = fw["outputs"] - 1, bw["placeholders"] - 1  # one model output, one incoming gradient
        if saved_out != saved_in:
            return (f"the forward graph saves {saved_out} values for backward but the backward graph takes {saved_in} "
                    "besides the output's gradient: the two graphs are not a pair")
        if bw["outputs"] != n_inputs:
            return f"the backward graph returns {bw['outputs']} gradients for {n_inputs} inputs"
        return None

    def _export(self, case: Case, fact: dict[str, Any]) -> CheckResult:
        assert isinstance(case, CompileCase)
        example, *inputs = case.args
        spec = case.spec
        label = f"{spec['model']} {spec['dtype']}, example batch {example.shape[0]}"
        batches = [int(x.shape[0]) for x in inputs]
        details = {"inputs": label, "run batches": str(batches)}
        if "bad_return" in fact:
            got = fact["bad_return"]
            hint = (": that is ep.module(), return the ExportedProgram itself" if "GraphModule" in got else
                    ": torch.jit produces TorchScript, not an ExportedProgram" if "jit" in got else "")
            return _fail(case, f"export_dynamic must return a torch.export.ExportedProgram; it returned {got}{hint}",
                         **details)
        oracle = self.ex.check.oracle
        rtol, atol = self.tolerances()
        outs = fact["outs"]
        for i, (x, got) in enumerate(zip(inputs, outs, strict=False)):
            want = harness.describe(oracle(spec["model"], spec["dtype"], spec["state"], x.clone()))
            c = compare_described(got, want, rtol, atol, where=f"ep.module() on batch {batches[i]}")
            if not c.ok:
                return _fail(case, c.message or "wrong values", **details, **c.details)
        if "run_error" in fact:
            e = fact["run_error"]
            i = e["index"]
            if i < len(inputs):
                msg = e["message"]
                why = (" (the batch size was specialised to a constant: declare dim 0 dynamic, and mind that "
                       "export specialises a batch of 1)" if re.search(r"size\(\)\[0\] ==", msg) else
                       " (the declared range of the batch does not cover 1..1024)"
                       if re.search(r"size\(\)\[0\] [<>]=", msg) else "")
                return _fail(case, f"ep.module() on batch {batches[i]} raised {e['type']}: {msg[:400]}{why}",
                             **details)
            return _fail(case, f"loading the model's state_dict into ep.module() raised {e['type']}: "
                               f"{e['message'][:400]} (the parameters and buffers must be the program's state, "
                               "under the model's own names)", **details)
        if len(outs) != len(inputs) or "reloaded" not in fact:  # fail closed on an answer short of a result
            return _fail(case, f"the run reported {len(outs)} outputs for {len(inputs)} inputs", **details)
        want = harness.describe(oracle(spec["model"], spec["dtype"], spec["new_state"], inputs[0].clone()))
        c = compare_described(fact["reloaded"], want, rtol, atol,
                              where="ep.module() after load_state_dict of new weights")
        if not c.ok:
            return _fail(case, f"{c.message}; the new weights did not take effect: the program holds the "
                               "parameters or buffers as constants, not as its state", **details, **c.details)
        return _pass(case, f"batches {batches} and a reloaded state agree with eager", **details)
