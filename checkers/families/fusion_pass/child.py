"""Child side of the fusion_pass family: trace each model, run the user's pass, report plain facts.

Per case the child builds the zoo model (fusion_zoo.build, the same parameters as the grader's),
traces it with torch.fx.symbolic_trace and hands the GraphModule to the pass. It reports what the
pass returned as data the grader can judge without running anything: the graph's node list (op,
target as a string, args with nodes replaced by their names), whether Graph.lint() accepts it,
whether its generated code is stale (the graph was edited without recompile()), its outputs on the
grader's inputs, and the outputs of the *original* model after the pass (a pass that wrote into the
parameters it shares with the original model changes those). Outputs are computed by
torch.fx.Interpreter, so they are the outputs of the reported graph, whatever `forward` says.
"""

from __future__ import annotations

from typing import Any

import torch
from torch import fx

from dlprep.checkers.families.fusion_pass import fusion_zoo
from dlprep.checkers.sandbox import harness

MAX_NODES = 5000  # a graph larger than this is reported cut; the grader fails it
# Captured at import, before the user's code can patch them.
_symbolic_trace = fx.symbolic_trace
_GraphModule = fx.GraphModule
_Interpreter = fx.Interpreter
_Node = fx.Node
_manual_seed = torch.manual_seed


def qualified_name(target: Any) -> str:
    """`torch.relu`, `operator.add`, `solution.my_fused_op`: how a call_function target is named."""
    name = getattr(target, "__name__", None) or repr(target)
    if getattr(torch, name, None) is target:  # torch.relu lives in torch._C._VariableFunctions
        return f"torch.{name}"
    if getattr(torch.nn.functional, name, None) is target:
        return f"torch.nn.functional.{name}"
    module = getattr(target, "__module__", None) or ""
    module = "operator" if module == "_operator" else module  # operator.add says it is _operator.add
    name = getattr(target, "__qualname__", None) or name
    return f"{module}.{name}" if module else name


def plain(x: Any, depth: int = 0) -> Any:
    """An argument as plain data: a node becomes {"node": name}; other objects become strings."""
    if depth > 10:
        return {"const": "..."}
    if isinstance(x, _Node):
        return {"node": x.name}
    if x is None or type(x) in (bool, int, float, str):
        return x
    if isinstance(x, tuple | list):
        items = [plain(v, depth + 1) for v in x]
        return items if isinstance(x, list) else tuple(items)
    if isinstance(x, dict):
        return {str(k): plain(v, depth + 1) for k, v in x.items()}
    if isinstance(x, slice):
        return {"slice": [plain(x.start, depth + 1), plain(x.stop, depth + 1), plain(x.step, depth + 1)]}
    if isinstance(x, torch.Tensor):
        return {"tensor": list(x.shape)}
    return {"const": repr(x)[:80]}


def _module_types(gm: torch.nn.Module, target: str) -> list[str]:
    try:
        mod = gm.get_submodule(target)
    except (AttributeError, TypeError):
        return []
    return [f"{c.__module__}.{c.__qualname__}" for c in type(mod).__mro__ if c not in (torch.nn.Module, object)]


def _module_effects(gm: torch.nn.Module, target: str) -> list[str]:
    """What a called module does besides computing: "random" (a dropout or RReLU in training mode:
    each call draws) and "inplace" (built with inplace=True: it writes into its input)."""
    try:
        mod = gm.get_submodule(target)
    except (AttributeError, TypeError):
        return []
    effects = []
    if mod.training and isinstance(mod, torch.nn.modules.dropout._DropoutNd | torch.nn.RReLU):
        effects.append("random")
    if getattr(mod, "inplace", False) is True:
        effects.append("inplace")
    return effects


def describe_graph(gm: fx.GraphModule) -> list[dict[str, Any]]:
    """The graph's nodes in order, as plain dicts (the grader's and the child's both use this)."""
    nodes: list[dict[str, Any]] = []
    for n in gm.graph.nodes:
        if len(nodes) == MAX_NODES:
            nodes.append({"name": "...", "op": "truncated", "target": "", "args": (), "kwargs": {}, "module": [],
                          "effects": []})
            break
        target = qualified_name(n.target) if n.op == "call_function" else str(n.target)
        nodes.append({"name": n.name, "op": n.op, "target": target, "args": plain(n.args), "kwargs": plain(n.kwargs),
                      "module": _module_types(gm, n.target) if n.op == "call_module" else [],
                      "effects": _module_effects(gm, n.target) if n.op == "call_module" else []})
    return nodes


def _call(fn: Any, *args: Any) -> Any:
    with torch.no_grad():
        return fn(*args)


def run_case(fn: Any, case: dict[str, Any], filename: str) -> dict[str, Any]:
    model = fusion_zoo.build(case["model"], case["param_seed"])
    gm = _symbolic_trace(model)
    _manual_seed(case["run_seed"] + 1)  # a random op the pass evaluates draws numbers the grader never uses
    try:
        result = fn(gm)
    except BaseException as e:
        return {"error": harness.error_info(e, filename)}
    harness.stop_if_forked()
    if not isinstance(result, _GraphModule):
        t = type(result)
        return {"returned": f"{t.__module__}.{t.__qualname__}"}
    fact: dict[str, Any] = {"nodes": [], "lint": None, "stale": False}
    try:
        fact["nodes"] = describe_graph(result)
        result.graph.lint()
        fact["stale"] = result.code != result.graph.python_code(root_module="self").src
    except BaseException as e:
        fact["lint"] = f"{type(e).__name__}: {e}"[:300]
    inputs = case["inputs"]
    try:
        # twice, on fresh copies and the same seed: a stored value changed by each call shows as drift
        for key in ("out", "out_again"):
            _manual_seed(case["run_seed"])
            fact[key] = harness.describe(_call(_Interpreter(result).run, *(t.clone() for t in inputs)))
    except BaseException as e:
        fact["run_error"] = harness.error_info(e, filename)
    try:
        _manual_seed(case["run_seed"])
        fact["original"] = harness.describe(_call(model, *(t.clone() for t in inputs)))
    except BaseException as e:
        fact["original_error"] = harness.error_info(e, filename)
    return fact


def run_child(job: dict[str, Any], payload: bytes) -> bytes:
    # The models are tiny (a 12x3x4x4 conv): intra-op threads only add synchronisation, and on a busy
    # machine a conv with 2 threads took 10-50 ms against 0.3 ms with one (the run's time was mostly that).
    torch.set_num_threads(1)
    data = harness.load(payload)
    _, fn, failed = harness.load_solution(job)
    if failed is not None:
        return failed
    out = []
    for case in data["cases"]:
        out.append(run_case(fn, case, job["filename"]))
        harness.stop_if_forked()
    return harness.dump({"cases": out, **harness.run_facts()})
