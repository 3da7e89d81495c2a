"""fusion_pass: a torch.fx pass `solve(gm) -> GraphModule`, run on models the grader owns.

The child (child.py) traces each zoo model (fusion_zoo.py), runs the pass and reports
the returned graph's node list and outputs. Here, in the grader, each case is judged in order: the
pass raised or returned something that is not a GraphModule; the graph is malformed or its code
stale (edited without recompile()); its inputs (placeholders) changed; running it raised; the
*original* model no longer computes what it did (the pass wrote into parameters it shares with
it); a random or in-place op was folded, merged or removed; the outputs differ from the original
model's, computed here; and last the structural property the exercise asks for (check.py's
`structure(before, after)`, e.g. no BatchNorm left), judged on the node lists. The "before" graph
is traced here, from the grader's own copy of the model.
"""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import torch
from torch import fx

from dlprep.checkers.base import Case, Family
from dlprep.checkers.compare import compare_described
from dlprep.checkers.families.fusion_pass import fusion_zoo, programs
from dlprep.checkers.families.fusion_pass.child import describe_graph
from dlprep.checkers.oracle_lock import ORACLE_LOCK
from dlprep.checkers.registry import register
from dlprep.checkers.sandbox import harness
from dlprep.results import CheckResult

CALL_OPS = frozenset({"call_function", "call_method", "call_module"})
# Random ops draw new numbers at each call: two calls are never "the same value", and one that
# reads only parameters is still no constant. torch.fx's own Node.is_impure() (torch 2.13) misses
# F.dropout, torch.relu_ and every in-place *method*, which is what makes the exercises bite.
RANDOM_FUNCTIONS = frozenset(f"torch.{n}" for n in (
    "rand", "rand_like", "randn", "randn_like", "randint", "randint_like", "randperm", "bernoulli",
    "normal", "poisson", "multinomial", "dropout")) | frozenset(f"torch.nn.functional.{n}" for n in (
        "dropout", "dropout1d", "dropout2d", "dropout3d", "alpha_dropout", "feature_alpha_dropout",
        "gumbel_softmax", "rrelu"))
RANDOM_METHODS = frozenset({"bernoulli", "multinomial"})  # the in-place ones (uniform_, ...) end in _
INPLACE_OPERATORS = frozenset(f"operator.{n}" for n in (
    "setitem", "iadd", "isub", "imul", "itruediv", "ifloordiv", "imod", "ipow", "imatmul", "iand", "ior",
    "ixor", "ilshift", "irshift"))


@dataclass
class ModelCase(Case):
    """args are the forward's inputs; the model is rebuilt from (model, param_seed) on both sides."""

    model: str = ""
    param_seed: int = 0
    run_seed: int = 0  # torch.manual_seed before each forward, so random ops are comparable


def model_cases(names: tuple[str, ...], gen: torch.Generator, n: int | None = None, size: int | None = None
                ) -> list[ModelCase]:
    """One case per name (or `n`, cycling through the names); fresh parameters and inputs from `gen`.

    `size` fixes the inputs' variable extent (public cases); otherwise it is drawn per case."""
    cases = []
    for i in range(len(names) if n is None else n):
        name = names[i % len(names)]
        extent = size if size is not None else int(torch.randint(2, 8, (1,), generator=gen))
        seeds = torch.randint(0, 2**31 - 1, (2,), generator=gen).tolist()
        label = name if n is None else f"{name}#{i}"
        cases.append(ModelCase(label, fusion_zoo.inputs(name, gen, extent), model=name,
                               param_seed=int(seeds[0]), run_seed=int(seeds[1])))
    return cases


def program_case(flavour: str, point: dict[str, str], gen: torch.Generator) -> ModelCase:
    """A contract point's case: a random program (programs.py) of `flavour` whose structure,
    parameters and inputs are drawn from `gen`."""
    name = programs.name_of(flavour, point)
    seeds = torch.randint(0, 2**31 - 1, (2,), generator=gen).tolist()
    return ModelCase("contract", programs.inputs(name, gen, int(seeds[0])), model=name,
                     param_seed=int(seeds[0]), run_seed=int(seeds[1]))


@dataclass(frozen=True)
class GNode:
    """One node of a reported graph: args hold {"node": name} where the graph had a node."""

    name: str
    op: str
    target: str
    args: Any
    kwargs: Any
    module: tuple[str, ...]  # call_module: the module's class and its bases, qualified
    effects: tuple[str, ...] = ()  # call_module: "random" (a training dropout), "inplace" (inplace=True)

    @property
    def inputs(self) -> list[str]:
        return list(dict.fromkeys(self.reads))

    @property
    def reads(self) -> list[str]:
        """Every node reference in argument order, repeats kept (`a - a` reads `a` twice)."""
        found: list[str] = []
        _collect((self.args, self.kwargs), found)
        return found

    @property
    def leaf(self) -> str:
        return self.target.rsplit(".", 1)[-1]

    @property
    def random(self) -> bool:
        return (self.op == "call_function" and self.target in RANDOM_FUNCTIONS) or \
            (self.op == "call_method" and self.target in RANDOM_METHODS) or "random" in self.effects

    @property
    def inplace(self) -> bool:
        """A call that writes into a tensor: its name ends in `_` (`add_`, `torch.relu_`), or it is
        called with `inplace=True` or an `out=` tensor. `operator.and_`/`or_` (`x & y`, `x | y`) end in
        `_` only to dodge Python keywords: they are pure."""
        if self.op == "call_module":
            return "inplace" in self.effects
        if self.op not in ("call_function", "call_method"):
            return False
        if self.op == "call_function" and self.target.startswith("operator."):
            return self.target in INPLACE_OPERATORS
        if isinstance(self.kwargs, dict) and (self.kwargs.get("inplace") is True or "out" in self.kwargs):
            return True
        return self.leaf.endswith("_") and not self.leaf.startswith("_")

    @property
    def impure(self) -> bool:
        return self.random or self.inplace

    def is_module(self, cls: type[torch.nn.Module]) -> bool:
        return self.op == "call_module" and f"{cls.__module__}.{cls.__qualname__}" in self.module

    def key(self) -> str:
        """Two call nodes with equal keys compute the same value (if they are pure); keyword
        arguments are a mapping: their order does not count."""
        kwargs = self.kwargs
        if isinstance(kwargs, dict):
            kwargs = sorted(kwargs.items(), key=lambda kv: str(kv[0]))
        return repr((self.op, self.target, self.args, kwargs))

    def text(self) -> str:
        """`mul_1` = operator.mul(relu, 2), as a user would recognise it in gm.code."""
        args = list(self.args)
        what = {"call_module": f"self.{self.target}", "get_attr": f"self.{self.target}"}.get(self.op, self.target)
        if self.op == "call_method" and args:
            what = f"{_show(args.pop(0))}.{self.target}"
        parts = [_show(a) for a in args] + [f"{k}={_show(v)}" for k, v in self.kwargs.items()]
        return f"`{self.name}` = {what}({', '.join(parts)})"[:200]


def _collect(x: Any, found: list[str]) -> None:
    if isinstance(x, dict):
        if set(x) == {"node"}:
            found.append(x["node"])
        else:
            for v in x.values():
                _collect(v, found)
    elif isinstance(x, tuple | list):
        for v in x:
            _collect(v, found)


def _show(x: Any) -> str:
    if isinstance(x, dict) and set(x) == {"node"}:
        return str(x["node"])
    if isinstance(x, dict) and len(x) == 1 and next(iter(x)) in ("const", "tensor", "slice"):
        return str(next(iter(x.values())))
    if isinstance(x, tuple | list):
        return "(" + ", ".join(_show(v) for v in x) + ")"
    return repr(x)


class GraphFacts:
    """A reported graph, read-only: nodes in order, lookups by name, users computed from the args."""

    def __init__(self, nodes: list[dict[str, Any]]):
        self.truncated = any(n["op"] == "truncated" for n in nodes)
        self.nodes = [GNode(n["name"], n["op"], n["target"], n["args"], n["kwargs"], tuple(n["module"]),
                            tuple(n.get("effects", ())))
                      for n in nodes if n["op"] != "truncated"]
        self.by_name = {n.name: n for n in self.nodes}
        self._users: dict[str, list[GNode]] = {n.name: [] for n in self.nodes}
        for n in self.nodes:
            for name in n.inputs:
                self._users.setdefault(name, []).append(n)

    def users(self, name: str) -> list[GNode]:
        return self._users.get(name, [])

    def calls(self) -> list[GNode]:
        return [n for n in self.nodes if n.op in CALL_OPS]

    def effects(self) -> Counter[tuple[str, str]]:
        return Counter((n.op, n.target) for n in self.nodes if n.impure)


def kept_effects(before: GraphFacts, after: GraphFacts) -> str | None:
    """Every random and in-place call of the original must still be there, as many times."""
    have = after.effects()
    for (op, target), count in sorted(before.effects().items()):
        if have[(op, target)] < count:
            node = next(n for n in before.nodes if (n.op, n.target) == (op, target))
            kind = "random ops draw new numbers at every call" if node.random else \
                "in-place ops change a tensor that other nodes read, although nothing uses their result"
            name = {"call_function": target, "call_module": f"the module {target}"}.get(op, f".{target}()")
            return (f"the original graph calls {name} {count} time(s), the transformed one {have[(op, target)]}: "
                    f"{kind}, so they must never be folded, merged or removed")
    return None


@contextlib.contextmanager
def _one_thread() -> Iterator[None]:
    """torch's intra-op threads off while the oracle runs its tiny models (as the child does): on a
    busy machine a small conv took 10-50 ms with 2 threads, 0.3 ms with one. The setting is the
    process's; it is put back after, and only the oracle (under its lock) changes it here."""
    before = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        yield
    finally:
        torch.set_num_threads(before)


@register("fusion_pass")
class FusionPass(Family):
    warm = ()  # its runs never reach torch._dynamo (Family.warm)
    child_harness = "dlprep.checkers.families.fusion_pass.child:run_child"
    default_hidden = 6
    # every grading also runs the contract's random programs (about 20 more models, each traced,
    # transformed and run three times): 30 s was sized for the zoo's handful of models
    timeout_s = 90.0
    reported_name = "graph facts"
    observed = "Graph.lint() finds nothing wrong, the GraphModule's code was recompiled after the edit"

    shared_caches = (*Family.shared_caches, "_oracles", "_scales")

    def __init__(self, ex: Any):
        super().__init__(ex)
        self._oracles: dict[int, tuple[dict[str, Any], GraphFacts]] = {}
        self._scales: dict[int, dict[str, Any] | None] = {}

    def cases(self, seed: int) -> tuple[list[Case], list[Case]]:
        """An exercise's check.py names zoo models: PUBLIC ones run with inputs of PUBLIC_SIZE, and
        hidden cases are drawn from HIDDEN + PUBLIC with fresh parameters and sizes."""
        check = self.ex.check
        n = int(self.config.get("hidden", self.default_hidden))
        public = model_cases(check.PUBLIC, torch.Generator().manual_seed(0), size=getattr(check, "PUBLIC_SIZE", 3))
        hidden = model_cases(check.HIDDEN + check.PUBLIC, torch.Generator().manual_seed(seed), n)
        return list(public), [*hidden, *self.contract_cases(seed)]

    def payload(self, cases: list[Case]) -> bytes:
        return harness.dump({"cases": [{"model": c.model, "param_seed": c.param_seed, "run_seed": c.run_seed,
                                        "inputs": list(c.args)} for c in cases if isinstance(c, ModelCase)]})

    def oracle(self, case: ModelCase) -> tuple[dict[str, Any], GraphFacts]:
        """The original model's outputs and graph, computed here from the grader's own copy; and,
        where check.py has `error_scale(model, args)` (a pass that regroups sums, e.g. a fold), the
        magnitude of the terms each output sums, from the same copy once it has run (error_scale)."""
        if id(case) not in self._oracles:
            fn = getattr(self.ex.check, "error_scale", None)
            with ORACLE_LOCK, torch.random.fork_rng(devices=[]), _one_thread():
                model = fusion_zoo.build(case.model, case.param_seed)
                before = GraphFacts(describe_graph(fx.symbolic_trace(model)))
                torch.manual_seed(case.run_seed)
                with torch.no_grad():
                    out = model(*(t.clone() for t in case.args))
                # last: error_scale may change the model in place (fusion_zoo.magnitudes does)
                scale = None if fn is None else harness.describe(fn(model, case.args))
            self._oracles[id(case)] = (harness.describe(out), before)
            self._scales[id(case)] = scale
        return self._oracles[id(case)]

    def error_scale(self, case: Case) -> dict[str, Any] | None:
        """The describe tree oracle() computed from check.py's `error_scale`; None for an exact rewrite."""
        if not isinstance(case, ModelCase):
            return None
        self.oracle(case)
        return self._scales[id(case)]

    def judge_case(self, case: Case, fact: dict[str, Any]) -> CheckResult:
        assert isinstance(case, ModelCase)
        shapes = ", ".join(str(tuple(t.shape)) for t in case.args)
        details: dict[str, Any] = {"model": case.model, "inputs": shapes}
        if "error" in fact and fact["error"].get("notimpl"):
            return CheckResult(case.name, "unattempted", message="not implemented yet", trust="verified")
        # Verified: the returned graph is judged here from its plain description (nodes, targets,
        # effects) and its outputs compared with the original model's, run here on our own copy.
        problem, extra = self._problem(case, fact)
        if problem is not None:
            # A hidden case's failure is summarised without its test name: say which model it was.
            where = "" if case.name == case.model else f"{case.model}: "
            return CheckResult(case.name, "fail", message=where + problem, details={**details, **extra},
                               trust="verified")
        return CheckResult(case.name, "pass", details={**details, **extra}, trust="verified")

    def _problem(self, case: ModelCase, fact: dict[str, Any]) -> tuple[str | None, dict[str, Any]]:
        """The first thing wrong with one case, most basic first, or None."""
        if "error" in fact:
            err = fact["error"]
            at = f" (line {err['line']})" if err.get("line") else ""
            return f"the pass raised {err['type']}{at}: {err['message']}", {}
        if "returned" in fact:
            return f"the pass returned a {fact['returned']}; it must return a torch.fx.GraphModule", {}
        after = GraphFacts(fact["nodes"])
        if after.truncated:
            return f"the returned graph has more than {len(after.nodes)} nodes", {}
        # lint and the code's staleness are read off the live GraphModule in the child: reported
        if fact["lint"]:
            self.observe(case, f"the returned graph is malformed; Graph.lint() says {fact['lint']}")
        if fact["stale"]:
            self.observe(case, "the returned GraphModule's code is stale: its graph was edited but gm.recompile() "
                               "was not called, so calling the module still runs the old code")
        expected, before = self.oracle(case)
        inputs = [n.name for n in before.nodes if n.op == "placeholder"]
        kept = [n.name for n in after.nodes if n.op == "placeholder"]
        if kept != inputs:
            return (f"the module's inputs were {inputs} and are now {kept}: placeholders are the module's "
                    "signature and stay, used or not"), {}
        if "run_error" in fact:
            err = fact["run_error"]
            at = f" (line {err['line']})" if err.get("line") else ""
            return f"running the returned graph raised {err['type']}{at}: {err['message']}", {}
        rtol, atol = self.tolerances()
        scale = self.error_scale(case)
        mutated = "original_error" in fact or not compare_described(fact["original"], expected, rtol, atol).ok
        if mutated:
            return ("the pass changed the model it was given: afterwards the original module no longer computes "
                    "its original outputs. A traced GraphModule shares its submodules and parameters with that "
                    "model, so build new tensors (or deepcopy a module) instead of writing into them"), {}
        problem = kept_effects(before, after)
        if problem:
            return problem, {}
        c = compare_described(fact["out"], expected, rtol, atol, scale=scale)
        if not c.ok:
            return f"the transformed graph computes something else than the original: {c.message}", c.details
        # Verified, not assumed: the module is called a second time on fresh copies of the same inputs
        # and the same seed; a stored value that an in-place op changes at every call drifts here.
        again = compare_described(fact["out_again"], expected, rtol, atol, scale=scale)
        if not again.ok:
            return ("called a second time with the same inputs and seed, the transformed module computes "
                    f"something else than the first time: {again.message}. A value the pass stored on the module "
                    "is changed by an in-place op at every call"), again.details
        sizes = {"nodes_before": len(before.nodes), "nodes_after": len(after.nodes), **c.details}
        return self.ex.check.structure(before, after), sizes
