"""Models described as plain data, built the same way in the grader and in the sandbox child,
and the plain facts a probe reports about a module (structure, hooks, gradients, state).

A spec is plain data that `wire` can carry:

    {"type": "Linear", "in": 4, "out": 8}                  ("bias": False drops the bias;
                                                           "subclass": True builds a LoRALinear,
                                                           "projection" a Projection)
    {"type": "Raise"}                                      forward raises RuntimeError (or "error")
    {"type": "Scale", "dim": 8}                            ("linear_name": True builds a LinearGate)
    {"type": "ReLU"} | {"type": "Tanh"} | {"type": "GELU"} | {"type": "Dropout", "p": 0.2}
    {"type": "LayerNorm", "dim": 8}
    {"type": "Sequential", "children": [spec, ...]}
    {"type": "Block", "children": {"name": spec, ...}, "residual": False}  # named, applied in order
                   ("shares": [[dst, src]] makes submodule dst the same object as src)
    {"type": "Parallel", "children": {"name": spec, ...}, "order": [names]} # branches, summed

The grader builds the model from a seed and sends spec + state_dict; the child builds the same
structure and loads that state, so both sides hold the same weights whatever the RNG did.
Every fact a probe reports is read from the modules' own registries (`_parameters`, `_buffers`,
`_modules`) by the walkers below, never through methods: a submission that overrides or patches
`state_dict`, `named_modules` or `parameters` cannot hide a hook, a buffer or a copy.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import torch
from torch import nn
from torch.nn.modules import module as _module_mod

from dlprep.checkers.oracle_lock import ORACLE_LOCK

_TENSOR = torch.Tensor

ACTIVATIONS: dict[str, type[nn.Module]] = {"ReLU": nn.ReLU, "Tanh": nn.Tanh, "GELU": nn.GELU}
HOOK_KINDS = ("forward_pre", "forward", "backward_pre", "backward")


@contextmanager
def private_global_rng(seed: int | None = None) -> Iterator[None]:
    """The global RNG to ourselves (seeded if asked), restored afterwards."""
    with ORACLE_LOCK, torch.random.fork_rng(devices=[]):
        if seed is not None:
            torch.manual_seed(seed)
        yield


class Block(nn.Module):
    """Named children applied in order (as registered, or in `order`); with `residual` the block's
    input is added to its output."""

    def __init__(self, children: dict[str, nn.Module], residual: bool = False, unused: tuple[str, ...] = (),
                 order: list[str] | None = None):
        super().__init__()
        for name, child in children.items():
            self.add_module(name, child)
        self.residual = residual
        self.unused = tuple(unused)  # children run in forward whose output is dropped (an aux branch)
        self.order = list(order or children)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = x
        for name in self.order:
            if name in self.unused:
                getattr(self, name)(y)
            else:
                y = getattr(self, name)(y)
        return x + y if self.residual else y


class Parallel(nn.Module):
    """Named branches applied to the same input, in `order` (default: as registered); summed.
    A forward that calls its children in another order than __init__ registered them is common,
    and it is what makes the backward order differ from named_modules() reversed."""

    def __init__(self, children: dict[str, nn.Module], order: list[str] | None = None):
        super().__init__()
        for name, child in children.items():
            self.add_module(name, child)
        self.order = list(order or children)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        outs = [getattr(self, name)(x) for name in self.order]
        return torch.stack(outs).sum(0)


class ListBlock(nn.ModuleList):
    """An nn.ModuleList that runs its children in order: a container indexed by position whose
    type is neither Sequential nor a custom block."""

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for child in self:
            x = child(x)
        return x


class DictBlock(nn.ModuleDict):
    """An nn.ModuleDict that runs its children in order. Its keys may be digits ("0", "1"), which
    named_modules() prints like Sequential indices, but which it looks up as strings: code that
    turns every digit in a dotted name into an integer index fails on it."""

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for child in self.values():
            x = child(x)
        return x


class LoRALinear(nn.Linear):
    """A subclass of nn.Linear, as adapters and quantised layers are: it is an nn.Linear, and code
    that matches with `type(m) is nn.Linear` misses it."""


class Projection(nn.Linear):
    """A subclass of nn.Linear with a child of its own (a gate on its output, as adapters hold
    theirs): it is an nn.Linear that is not a leaf, and code that keeps only leaf Linears misses it."""

    def __init__(self, d_in: int, d_out: int, bias: bool = True):
        super().__init__(d_in, d_out, bias=bias)
        self.gate = Scale(d_out)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y: torch.Tensor = self.gate(super().forward(x))
        return y


class Scale(nn.Module):
    """A custom leaf layer (no children, one parameter of its own): code that recognises leaves by a
    list of known layer types misses it."""

    def __init__(self, dim: int):
        super().__init__()
        self.gain = nn.Parameter(torch.ones(dim))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x * self.gain


class Rescale(nn.Module):
    """A custom leaf with no parameter at all (a plain float factor): code that hooks only modules
    with parameters, or only torch.nn's own layer types, misses it; applied to an input that needs
    no gradient, its output needs none either and its backward hook never fires."""

    def __init__(self, factor: float = 0.5):
        super().__init__()
        self.factor = factor

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x * self.factor


class LinearGate(Scale):
    """A custom leaf whose class name contains "Linear" and that is no nn.Linear: code that matches
    layers by class name takes it for one."""


class LayerAbort(BaseException):
    """An exception that is no Exception, as KeyboardInterrupt and SystemExit are: cleanup written
    as `except Exception` misses it."""


RAISES: dict[str, type[BaseException]] = {"RuntimeError": RuntimeError, "ValueError": ValueError,
                                          "LayerAbort": LayerAbort}


class Raise(nn.Module):
    """A layer whose forward raises: code that cleans up only after a forward that returns leaks,
    and code that cleans up only after one exception type leaks on another."""

    def __init__(self, error: str = "RuntimeError"):
        super().__init__()
        self.error = RAISES[error]

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        raise self.error("this layer fails on purpose (the grader checks what is left behind)")


def _linear_class(spec: dict[str, Any]) -> type[nn.Linear]:
    sub = spec.get("subclass")
    return Projection if sub == "projection" else LoRALinear if sub else nn.Linear


def _scale_class(spec: dict[str, Any]) -> type[Scale]:
    return LinearGate if spec.get("linear_name") else Scale


def build(spec: dict[str, Any]) -> nn.Module:
    kind = spec["type"]
    if kind == "Linear":
        return _linear_class(spec)(spec["in"], spec["out"], bias=spec.get("bias", True))
    if kind == "Raise":
        return Raise(spec.get("error", "RuntimeError"))
    if kind == "Identity":
        return nn.Identity()
    if kind == "Scale":
        return _scale_class(spec)(spec["dim"])
    if kind == "Rescale":
        return Rescale(spec.get("factor", 0.5))
    if kind in ACTIVATIONS:
        return ACTIVATIONS[kind]()
    if kind == "Dropout":
        return nn.Dropout(spec["p"])
    if kind == "LayerNorm":
        return nn.LayerNorm(spec["dim"])
    if kind == "Sequential":
        return nn.Sequential(*(build(c) for c in spec["children"]))
    if kind == "ModuleList":
        return ListBlock([build(c) for c in spec["children"]])
    if kind == "ModuleDict":
        return DictBlock({k: build(c) for k, c in spec["children"].items()})
    if kind == "Block":
        block = Block({k: build(c) for k, c in spec["children"].items()}, spec.get("residual", False),
                      tuple(spec.get("unused", ())), spec.get("order"))
        # Parameters the block holds itself, outside every child (unused by forward: they are there
        # to be frozen or trained, like a model's own scale or temperature).
        for name, shape in spec.get("params", {}).items():
            block.register_parameter(name, nn.Parameter(torch.randn(shape)))
        # Tied weights: [dst, src] dotted names below this block; dst becomes the same Parameter as src.
        for dst, src in spec.get("ties", []):
            owner, _, attr = dst.rpartition(".")
            setattr(block.get_submodule(owner), attr, block.get_parameter(src))
        # Shared modules: [dst, src] dotted names below this block; dst becomes the same module as src.
        for dst, src in spec.get("shares", []):
            owner, _, attr = dst.rpartition(".")
            setattr(block.get_submodule(owner), attr, block.get_submodule(src))
        return block
    if kind == "Parallel":
        return Parallel({k: build(c) for k, c in spec["children"].items()}, spec.get("order"))
    raise ValueError(f"unknown module type {kind!r} in a model spec")


def initial_state(spec: dict[str, Any], seed: int) -> dict[str, torch.Tensor]:
    """The state_dict of `build(spec)` under torch's default init with `seed` (the caller's RNG is left alone)."""
    with private_global_rng(seed):
        model = build(spec)
    return {k: v.detach().clone() for k, v in model.state_dict().items()}


def load(spec: dict[str, Any], state: dict[str, torch.Tensor]) -> nn.Module:
    model = build(spec)
    model.load_state_dict(state)
    return model


def skeleton(spec: dict[str, Any]) -> nn.Module:
    """The model on the meta device, for its structure only: no memory, and no draw from the global
    RNG (case generation may run while another grading thread's oracle holds a seeded RNG)."""
    with torch.device("meta"):
        return build(spec)


def dims(spec: dict[str, Any]) -> tuple[int, int]:
    """(input features, output features): the first Linear's input, the last Linear's output, in the
    order forward runs the root's children."""
    if spec["type"] == "Block" and spec.get("order"):
        spec = {**spec, "children": {k: spec["children"][k] for k in spec["order"]}, "order": None}
    linears = [m for m in skeleton(spec).modules() if isinstance(m, nn.Linear)]
    return linears[0].in_features, linears[-1].out_features


def render(spec: dict[str, Any]) -> str:
    """A one-line description for test labels: Block(encoder=Sequential(Linear(4,6), ReLU), ...)."""
    kind = spec["type"]
    if kind == "Linear":
        name = _linear_class(spec).__name__
        return f"{name}({spec['in']},{spec['out']}{'' if spec.get('bias', True) else ',bias=False'})"
    if kind == "Dropout":
        return f"Dropout({spec['p']})"
    if kind == "LayerNorm":
        return f"LayerNorm({spec['dim']})"
    if kind == "Scale":
        return f"{_scale_class(spec).__name__}({spec['dim']})"
    if kind == "Raise" and spec.get("error"):
        return f"Raise({spec['error']})"
    if kind in ("Sequential", "ModuleList"):
        return f"{kind}(" + ", ".join(render(c) for c in spec["children"]) + ")"
    if kind == "ModuleDict":
        return "ModuleDict(" + ", ".join(f"{k!r}: {render(c)}" for k, c in spec["children"].items()) + ")"
    if kind in ("Block", "Parallel"):
        inner = ", ".join(f"{k}={render(c)}" for k, c in spec["children"].items())
        order = f", order={'/'.join(spec['order'])}" if spec.get("order") else ""
        extra = "".join(f", param {k}{list(v)}" for k, v in spec.get("params", {}).items())
        extra += "".join(f", {k} output unused" for k in spec.get("unused", ()))
        extra += "".join(f", {dst} tied to {src}" for dst, src in spec.get("ties", []))
        extra += "".join(f", {dst} is {src}" for dst, src in spec.get("shares", []))
        return f"{kind}({inner}{', residual' if spec.get('residual') else ''}{order}{extra})"
    return str(kind)


# ---------------------------------------------------------------------------- random specs

def _int(gen: torch.Generator, lo: int, hi: int) -> int:
    return int(torch.randint(lo, hi + 1, (), generator=gen))


def linear(d_in: int, d_out: int, bias: bool = True) -> dict[str, Any]:
    return {"type": "Linear", "in": d_in, "out": d_out, **({} if bias else {"bias": False})}


BLOCKS = ("residual", "sequential", "parallel", "swapped")


def stack(d_in: int, d_out: int, width: int, blocks: list[str], act: str = "ReLU",
          dropout: float = 0.0) -> dict[str, Any]:
    """Block(encoder=Sequential(Linear, act, <blocks>...), head=Linear), a block being one of
    "residual" (Block(fc, act) plus its input), "sequential" (Sequential(Linear, ReLU)),
    "parallel" (Parallel(left=Linear, right=Sequential(Linear, Tanh))) or "swapped" (the same,
    but forward runs the right branch first); Dropout after each if asked."""
    layers: list[dict[str, Any]] = [linear(d_in, width), {"type": act}]
    for kind in blocks:
        if kind == "residual":
            layers.append({"type": "Block", "residual": True,
                           "children": {"fc": linear(width, width), "act": {"type": "Tanh"}}})
        elif kind == "sequential":
            layers.append({"type": "Sequential", "children": [linear(width, width), {"type": "ReLU"}]})
        else:
            layers.append({"type": "Parallel", "children": {
                "left": linear(width, width),
                "right": {"type": "Sequential", "children": [linear(width, width), {"type": "Tanh"}]}},
                **({"order": ["right", "left"]} if kind == "swapped" else {})})
        if dropout:
            layers.append({"type": "Dropout", "p": dropout})
    return {"type": "Block", "children": {"encoder": {"type": "Sequential", "children": layers},
                                          "head": linear(width, d_out)}}


def random_model(gen: torch.Generator, d_in: int, d_out: int, *, dropout: float = 0.0,
                 parallel: bool = False, min_blocks: int = 1, max_blocks: int = 3) -> dict[str, Any]:
    """A `stack` with random width, activation and blocks (Linear layers at depths 1 to 3)."""
    kinds = BLOCKS if parallel else BLOCKS[:2]
    blocks = [kinds[_int(gen, 0, len(kinds) - 1)] for _ in range(_int(gen, min_blocks, max_blocks))]
    acts = list(ACTIVATIONS)
    return stack(d_in, d_out, _int(gen, 3, 8), blocks, acts[_int(gen, 0, len(acts) - 1)], dropout)


# ---------------------------------------------------------------------------- facts (child and grader)

def _type_name(m: Any) -> str:
    t = type(m)
    ours = t.__module__.startswith("torch.") or t.__module__ == __name__
    return t.__name__ if ours else f"{t.__module__}.{t.__name__}"


def _registry(m: nn.Module, name: str) -> dict[str, Any]:
    return vars(m).get(name) or {}


def named_modules(model: nn.Module) -> list[tuple[str, nn.Module]]:
    """As `named_modules()`: every module once (a shared one under its first name), root first."""
    out: list[tuple[str, nn.Module]] = []
    seen: set[int] = set()

    def visit(m: nn.Module, prefix: str) -> None:
        if id(m) in seen:
            return
        seen.add(id(m))
        out.append((prefix, m))
        for name, child in _registry(m, "_modules").items():
            if child is not None:
                visit(child, f"{prefix}.{name}" if prefix else name)

    visit(model, "")
    return out


def named_parameters(model: nn.Module) -> list[tuple[str, nn.Parameter]]:
    """As `named_parameters()`: every parameter once, under its first name."""
    out, seen = [], set()
    for prefix, m in named_modules(model):
        for name, p in _registry(m, "_parameters").items():
            if p is not None and id(p) not in seen:
                seen.add(id(p))
                out.append((f"{prefix}.{name}" if prefix else name, p))
    return out


def named_buffers(model: nn.Module) -> list[tuple[str, torch.Tensor]]:
    out, seen = [], set()
    for prefix, m in named_modules(model):
        for name, b in _registry(m, "_buffers").items():
            if b is not None and id(b) not in seen:
                seen.add(id(b))
                out.append((f"{prefix}.{name}" if prefix else name, b))
    return out


def state_entries(model: nn.Module) -> dict[str, torch.Tensor]:
    """As `state_dict()` (keep_vars): parameters and persistent buffers under *every* path, so a
    module reachable by several names appears under each."""
    out: dict[str, torch.Tensor] = {}

    def visit(m: nn.Module, prefix: str) -> None:
        skip = vars(m).get("_non_persistent_buffers_set") or set()
        for name, t in [*_registry(m, "_parameters").items(), *_registry(m, "_buffers").items()]:
            if t is not None and name not in skip:
                out[prefix + name] = t
        for name, child in _registry(m, "_modules").items():
            if child is not None:
                visit(child, f"{prefix}{name}.")

    visit(model, "")
    return out


def structure(model: nn.Module) -> dict[str, Any]:
    """What registration made of a module: state_dict entries, parameters, buffers, modules, and
    tensors that sit in a module's __dict__ without being registered."""
    plain = []
    modules = named_modules(model)
    for name, m in modules:
        for attr, value in vars(m).items():
            if type(value) is _TENSOR:
                plain.append([f"{name}.{attr}" if name else attr, list(value.shape), str(value.dtype)])
    params = named_parameters(model)
    return {
        "state_dict": {k: [list(v.shape), str(v.dtype)] for k, v in state_entries(model).items()},
        "parameters": [[n, list(p.shape), str(p.dtype), bool(p.requires_grad)] for n, p in params],
        "buffers": [[n, list(b.shape), str(b.dtype)] for n, b in named_buffers(model)],
        "modules": [[n, _type_name(m)] for n, m in modules],
        "n_modules": len(modules),
        "n_parameters": len(params),
        "numel": sum(p.numel() for _, p in params),
        "plain_tensors": plain,
    }


def state_values(model: nn.Module) -> dict[str, torch.Tensor]:
    return {k: v.detach().clone() for k, v in state_entries(model).items()}


def grads(model: nn.Module) -> dict[str, torch.Tensor | None]:
    return {n: (p.grad.detach().clone() if p.grad is not None else None) for n, p in named_parameters(model)}


def _stored(hooks: Any) -> int:
    """How many hooks a hook dict holds, read through dict itself: a subclass whose __len__ says
    0 while torch still runs its hooks counts what it holds. Anything else in that slot counts as
    one hook left (torch would run whatever it yields). Still a reported fact."""
    if hooks is None:
        return 0
    return dict.__len__(hooks) if isinstance(hooks, dict) else 1


def hook_counts(model: nn.Module) -> dict[str, Any]:
    """Hooks registered right now: per submodule (by kind), per parameter (tensor hooks) and global."""
    modules = {}
    for name, m in named_modules(model):
        dicts = (m._forward_pre_hooks, m._forward_hooks, m._backward_pre_hooks, m._backward_hooks)
        counts = {k: n for k, d in zip(HOOK_KINDS, dicts, strict=True) if (n := _stored(d))}
        if counts:
            modules[name] = {"type": _type_name(m), **counts}
    params = {}
    for name, p in named_parameters(model):
        n = _stored(p._backward_hooks) + _stored(getattr(p, "_post_accumulate_grad_hooks", None))
        if n:
            params[name] = n
    glob = (_module_mod._global_forward_pre_hooks, _module_mod._global_forward_hooks,
            _module_mod._global_backward_pre_hooks, _module_mod._global_backward_hooks)
    return {"modules": modules, "params": params,
            "global": {k: n for k, d in zip(HOOK_KINDS, glob, strict=True) if (n := _stored(d))}}


# ---------------------------------------------------------------------------- contract models (hooks)

CONTRACT_MODELS = ("flat", "nested", "swapped", "subclass", "called_twice", "odd_leaves", "shared", "tied",
                   "containers")


def contract_model(kind: str, gen: torch.Generator, d_in: int, d_out: int, *, aux: bool = True) -> dict[str, Any]:
    """A model of one of the shapes the hooks prompts state: flat; nested blocks whose layers have
    dotted names like `encoder.3.attn.q`; parallel branches called in another order than
    registered; nn.Linear subclasses; a branch called twice in one forward; leaves that are not
    Linear or an activation (Identity, a custom layer) and, with `aux`, a child whose output is
    dropped (its backward never runs); ModuleList and ModuleDict containers."""
    width = _int(gen, 3, 7)
    if kind == "flat":
        return stack(d_in, d_out, width, ["sequential"])
    if kind == "nested":
        spec = stack(d_in, d_out, width, ["residual", "sequential"], "Tanh")
        spec["children"]["encoder"]["children"].append({"type": "Block", "residual": True, "children": {
            "attn": {"type": "Block", "children": {"q": linear(width, width), "k": linear(width, width)}},
            "act": {"type": "GELU"}}})
        return spec
    if kind == "swapped":
        return stack(d_in, d_out, width, ["swapped", "parallel", "swapped"], "GELU")
    if kind == "subclass":
        # Subclasses of nn.Linear under two names (one with a child of its own), beside a custom
        # leaf whose class name says Linear and that is none.
        spec = stack(d_in, d_out, width, ["residual", "parallel"])
        spec["children"]["encoder"]["children"].append({"type": "Scale", "dim": width, "linear_name": True})

        def mark(node: Any, count: list[int]) -> Any:
            if isinstance(node, dict):
                node = {k: mark(v, count) for k, v in node.items()}
                if node.get("type") == "Linear":
                    node["subclass"] = (False, True, False, "projection")[count[0] % 4]
                    count[0] += 1
                return node
            return [mark(v, count) for v in node] if isinstance(node, list) else node
        return mark(spec, [0])  # type: ignore[no-any-return]
    if kind == "called_twice":
        spec = stack(d_in, d_out, width, ["sequential"])
        spec["children"]["encoder"]["children"].append({"type": "Parallel", "order": ["left", "right", "left"],
                                                        "children": {"left": linear(width, width),
                                                                     "right": {"type": "Tanh"}}})
        return spec
    if kind == "odd_leaves":
        spec = stack(d_in, d_out, width, ["sequential"])
        children: dict[str, Any] = {"skip": {"type": "Identity"}, "gain": {"type": "Scale", "dim": width}}
        if aux:
            children["aux"] = linear(width, width)
        spec["children"]["encoder"]["children"].append(
            {"type": "Block", "children": children, **({"unused": ["aux"]} if aux else {})})
        return spec
    if kind == "input_leaves":
        # Parameter-free leaves applied to x itself (a custom Rescale, then Identity) before the
        # first Linear, and another Rescale further in: on an x that needs no gradient, the first two
        # never fire (their outputs need none); the later one does.
        spec = stack(d_in, d_out, width, ["sequential"])
        layers = spec["children"]["encoder"]["children"]
        layers[:0] = [{"type": "Rescale", "factor": 0.5}, {"type": "Identity"}]
        layers.append({"type": "Rescale", "factor": 2.0})
        return spec
    if kind == "containers":
        # A ModuleList holding a ModuleDict whose keys are "0", "1" and "proj_head": the dotted names
        # encoder.3.0.0 (a dict key that looks like an index) and encoder.3.0.proj_head (a name that
        # ends like the root's head, registered before it).
        spec = stack(d_in, d_out, width, ["sequential"])
        spec["children"]["encoder"]["children"].append({"type": "ModuleList", "children": [
            {"type": "ModuleDict", "children": {"0": linear(width, width), "1": {"type": "Tanh"},
                                                "proj_head": linear(width, width)}},
            {"type": "ReLU"}]})
        return spec
    if kind in ("shared", "tied"):
        # A second parent's Linear, encoder.3.proj, made one with encoder.2.0: "shared", the same
        # module (named_modules() names it once, by its first path; it runs in each parent), or
        # "tied", two Linears with one weight Parameter (each keeps its own bias).
        spec = stack(d_in, d_out, width, ["sequential"])
        spec["children"]["encoder"]["children"].append(
            {"type": "Block", "children": {"proj": linear(width, width), "act": {"type": "Tanh"}}})
        if kind == "shared":
            spec["shares"] = [["encoder.3.proj", "encoder.2.0"]]
        else:
            spec["ties"] = [["encoder.3.proj.weight", "encoder.2.0.weight"]]
        return spec
    raise ValueError(f"unknown contract model {kind!r}")
