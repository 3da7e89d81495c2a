"""Random programs for the fusion_pass exercises: models drawn from an op vocabulary that spells every
op every way (the NNSmith idea), so a pass is tested on the graphs its prompt allows, not only on the
zoo's hand-written ones.

A program is named `gen/<flavour>/<spelling>/<effects>/<modules>/<dtype>/<outputs>/<shape>` and drawn
from the case's param seed: both sides of the sandbox rebuild it from (name, seed) like a zoo model.
- spelling: operator (`a + b`, `x.add_(1)`), function (`torch.add`, `torch.relu_`, `F.relu(inplace=True)`,
  `out=`), method (`a.add(b)`, `x.bernoulli()`), or mixed;
- effects: which impure ops appear: none, random (every random function, method, `nn.Dropout` and
  in-place draw such as `normal_`), inplace (`_` methods and functions, `inplace=True`, `out=`, writes
  through a view), or both;
- modules: parameters and submodules at the top (`self.p0`), nested (`self.enc.attn.q`, get_attr of a
  dotted name), or shared (one submodule called at several nodes);
- dtype: float32 or float64; outputs: one tensor or a tuple; shape: the batch extent (1, odd, large).
The flavour picks the vocabulary around the ops the exercise rewrites: `graph` (DCE, CSE, constant
folding: dead values, duplicates one op or a whole chain deep, equal calls with a write between them,
parameter-only chains and masks), `fma` (x * a + b chains), `linear` (Linears
sharing inputs) and `convbn` (Conv2d -> BatchNorm2d).
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable
from typing import Any

import torch
import torch.nn.functional as F
from torch import nn
from torch.nn.modules.linear import NonDynamicallyQuantizableLinear

SPELLINGS = ("operator", "function", "method")
SHAPES = {"small": 3, "one": 1, "odd": 7, "large": 33}
DTYPES = {"float32": torch.float32, "float64": torch.float64}


def parse(name: str) -> dict[str, str]:
    parts = name.split("/")
    keys = ("flavour", "spelling", "effects", "modules", "dtype", "outputs", "shape")
    if len(parts) != len(keys) + 1 or parts[0] != "gen":
        raise KeyError(name)
    return dict(zip(keys, parts[1:], strict=True))


def name_of(flavour: str, point: dict[str, str]) -> str:
    return "/".join(["gen", flavour, point.get("spelling", "mixed"), point.get("effects", "both"),
                     point.get("modules", "flat"), point.get("dtype", "float32"), point.get("outputs", "tuple"),
                     point.get("shape", "small")])


class _Holder(nn.Module):
    """A plain container, so that parameters get dotted names (`enc.attn.q`)."""


class Program(nn.Module):
    """One drawn program: `steps` is a list of closures over `self` and the value list, run in order
    by forward (symbolic_trace unrolls the loop into the graph)."""

    def __init__(self, name: str, seed: int) -> None:
        super().__init__()
        self.spec = parse(name)
        self.rng = random.Random(seed)
        self.width = 6 if self.spec["flavour"] != "convbn" else 3
        self.steps: list[Callable[[list[Any]], Any]] = []
        self.outs: list[int] = []
        self._n_params = 0
        self._drops: list[nn.Module] = []
        self._must_read: list[int] = []  # steps whose value the output must read
        getattr(self, "_draw_" + self.spec["flavour"])()

    # ------------------------------------------------------------ helpers
    def train(self, mode: bool = True) -> Program:
        super().train(mode)
        for d in self._drops:  # a Dropout module stays random in eval mode: its calls are draws
            d.train()
        return self

    def _spelling(self) -> str:
        s = self.spec["spelling"]
        return self.rng.choice(SPELLINGS) if s == "mixed" else s

    def _place(self, what: str, obj: Any) -> str:
        """Put a parameter or module on the model where the `modules` axis says; its dotted name."""
        i = self._n_params
        self._n_params += 1
        if self.spec["modules"] == "flat":
            path = [f"{what}{i}"]
        else:
            path = [self.rng.choice(["enc", "blocks", "head"]), self.rng.choice(["attn", "mlp"]), f"{what}{i}"]
        owner: nn.Module = self
        for part in path[:-1]:
            if not hasattr(owner, part):
                owner.add_module(part, _Holder())
            owner = getattr(owner, part)
        if isinstance(obj, nn.Module):
            owner.add_module(path[-1], obj)
        else:
            owner.register_parameter(path[-1], obj)
        return ".".join(path)

    def _get(self, path: str) -> Any:
        obj: Any = self
        for part in path.split("."):
            obj = getattr(obj, part)
        return obj

    def _param(self, shape: tuple[int, ...]) -> Callable[[list[Any]], Any]:
        path = self._place("p", nn.Parameter(torch.empty(*shape)))
        return lambda v: self._get(path)

    def _add(self, fn: Callable[[list[Any]], Any]) -> int:
        self.steps.append(fn)
        return len(self.steps) - 1

    def _finish(self, candidates: list[int]) -> None:
        last = len(self.steps) - 1
        self.outs = [last]
        if self.spec["outputs"] == "tuple":
            others = [c for c in candidates if c != last]
            self.outs += self.rng.sample(others, min(len(others), self.rng.randint(1, 2)))

    def run(self, *inputs: torch.Tensor) -> Any:
        vals: list[Any] = list(inputs)
        base = len(vals)
        for step in self.steps:
            vals.append(step(vals))
        outs = [vals[base + i] for i in self.outs]
        return outs[0] if len(outs) == 1 else tuple(outs)

    # ------------------------------------------------------------ op vocabularies
    def _unary(self, i: int) -> Callable[[list[Any]], Any]:
        s = self._spelling()
        table: dict[str, list[Callable[..., Any]]] = {
            "operator": [lambda a: -a, lambda a: a * 0.5, lambda a: abs(a) - 1],
             "function": [torch.tanh, torch.sigmoid, F.relu, lambda a: torch.clamp(a, min=-1.0)],
             "method": [lambda a: a.tanh(), lambda a: a.sigmoid(), lambda a: a.relu(),
                        lambda a: a.softmax(dim=-1)]}
        f = table[s]
        op: Callable[..., Any] = self.rng.choice(f)
        return lambda v: op(v[i])

    def _binary(self, i: int, j: int) -> Callable[[list[Any]], Any]:
        s = self._spelling()
        table: dict[str, list[Callable[..., Any]]] = {
            "operator": [lambda a, b: a + b, lambda a, b: a * b, lambda a, b: a - b],
             "function": [torch.add, torch.mul, torch.sub, torch.maximum],
             "method": [lambda a, b: a.add(b), lambda a, b: a.mul(b), lambda a, b: a.sub(b)]}
        f = table[s]
        op: Callable[..., Any] = self.rng.choice(f)
        return lambda v: op(v[i], v[j])

    # Writes that change every value they touch (a write that leaves values as they were, relu_ on
    # positives, could not show a wrong merge), in each spelling the prompts name.
    _WRITES: tuple[Callable[[torch.Tensor], Any], ...] = (
        lambda c: c.add_(1), lambda c: torch.add(c, 1, out=c), lambda c: F.hardtanh(c, -0.2, 0.2, inplace=True),
        lambda c: torch.sigmoid_(c), lambda c: c.view(-1).mul_(2), lambda c: c.narrow(-1, 0, 1).sub_(3))

    def _written_between(self, i: int, mutate: Callable[[torch.Tensor], Any]) -> Callable[[list[Any]], Any]:
        """The same pure call on a clone of v[i] before and after `mutate` writes into it: two
        different values that a pass must not merge (the clone is detached: out= refuses a tensor
        that requires grad)."""
        op: Callable[[Any], Any] = self.rng.choice([torch.tanh, lambda a: a.sigmoid(), lambda a: a * 0.5])

        def step(v: list[Any]) -> Any:
            c = v[i].detach().clone()
            first = op(c)
            mutate(c)
            return first + op(c)
        return step

    def _chain(self, i: int, j: int) -> Callable[[list[Any]], Any]:
        """Three or four pure ops in a row on v[i] (one of them with the constant v[j]): one step, so
        that the same step added twice is a duplicate as deep as the chain."""
        ops = [self._unary(0), self._binary(0, 1), self._unary(0)]
        if self.rng.random() < 0.5:
            ops.append(self._unary(0))

        def chain(v: list[Any]) -> Any:
            h = v[i]
            for op in ops:  # each op was drawn for operands (0, 1): run it on (h, v[j])
                h = op([h, v[j]])
            return h
        return chain

    def _random(self, i: int) -> Callable[[list[Any]], Any]:
        s = self._spelling()
        if s == "operator" or (s != "method" and self.rng.random() < 0.2):
            drop = nn.Dropout(0.3)
            self._drops.append(drop)
            path = self._place("drop", drop)
            # the prompts say modules have no side effects, so a Dropout's result is always read
            self._must_read.append(len(self.steps))
            return lambda v: self._get(path)(v[i])
        table: dict[str, list[Callable[..., Any]]] = {
            "function": [lambda a: a + torch.rand_like(a), lambda a: a * torch.randn_like(a),
                          lambda a: torch.bernoulli(torch.sigmoid(a)), lambda a: F.dropout(a, 0.3, training=True),
                          lambda a: torch.normal(a, 0.5), lambda a: a.index_select(-1, torch.randperm(a.size(-1))),
                          lambda a: a + torch.multinomial(torch.softmax(a, -1), 1).type_as(a)],
             "method": [lambda a: a.sigmoid().bernoulli(), lambda a: a.clone().normal_(),
                        lambda a: a.clone().uniform_(-1, 1), lambda a: a.clone().bernoulli_(0.5) * a,
                        lambda a: a + a.softmax(-1).multinomial(1).type_as(a)]}
        f = table[s]
        op: Callable[..., Any] = self.rng.choice(f)
        return lambda v: op(v[i])

    def _inplace(self, i: int, j: int) -> Callable[[list[Any]], Any]:
        """A clone of v[i], changed in place (v[j] has v[i]'s shape); the clone is the value."""
        s = self._spelling()
        table: dict[str, list[Callable[..., Any]]] = {
            "operator": [lambda c, b: c.add_(b), lambda c, b: c.mul_(2).clamp_(min=-1),
                          lambda c, b: c.view(-1).add_(1)],
             "function": [lambda c, b: torch.relu_(c), lambda c, b: F.relu(c, inplace=True),
                          lambda c, b: torch.add(c, b, out=c), lambda c, b: torch.sigmoid_(c)],
             "method": [lambda c, b: c.sub_(b), lambda c, b: c.tanh_(), lambda c, b: c[0].mul_(3),
                        lambda c, b: c.unsqueeze(0).add_(0.5)]}
        f = table[s]
        op: Callable[..., Any] = self.rng.choice(f)

        def step(v: list[Any]) -> Any:
            c = v[i].clone()
            op(c, v[j])
            return c
        return step

    # ------------------------------------------------------------ flavours
    def _draw_graph(self) -> None:
        """Values of shape (B, W) or (W,) (parameters), pure ops, impure ops, dead values, duplicates."""
        rng, eff = self.rng, self.spec["effects"]
        n_in = rng.randint(1, 2)
        self.n_inputs = n_in
        full = list(range(n_in))  # indexes into vals of (B, W) values
        vec: list[int] = []       # indexes of (W,) values (parameters and what only they feed)
        for _ in range(rng.randint(2, 3)):
            vec.append(n_in + self._add(self._param((self.width,))))
        params = list(vec)
        if self.spec["modules"] == "shared":
            lin = nn.Linear(self.width, self.width)
            path = self._place("lin", lin)
            x = rng.choice(full)
            for _ in range(2):  # one module called at two nodes
                def call(v: list[Any], x: int = x, path: str = path) -> Any:
                    return self._get(path)(v[x])
                full.append(n_in + self._add(call))
        kinds = ["unary", "binary", "const", "dup", "dead", "chain"]
        if eff in ("random", "both"):
            kinds += ["random", "random_const"]
        if eff in ("inplace", "both"):
            kinds += ["inplace", "inplace_const"]
        made: list[tuple[Callable[[list[Any]], Any], str]] = []
        for _ in range(rng.randint(8, 14)):
            kind = rng.choice(kinds)
            pool_is_vec = kind in ("const", "random_const", "inplace_const")
            pool = vec if pool_is_vec else full
            if kind == "dup" and made:
                fn, where = rng.choice(made)  # the same op on the same operands: a true duplicate
            elif kind == "unary" or kind == "dead":
                fn, where = self._unary(rng.choice(pool)), "full"
            elif kind == "chain":
                fn, where = self._chain(rng.choice(full), rng.choice(vec)), "full"
            elif kind in ("binary", "const"):
                a = rng.choice(pool)
                b = rng.choice(vec + pool)
                fn, where = self._binary(a, b), ("vec" if pool_is_vec and b in vec else "full")
            elif kind in ("random", "random_const"):
                fn, where = self._random(rng.choice(pool)), ("vec" if pool_is_vec else "full")
            elif kind in ("inplace", "inplace_const"):
                a = rng.choice(pool)
                fn, where = self._inplace(a, a), ("vec" if pool_is_vec else "full")
            else:
                continue
            idx = len(self.steps) + n_in
            module_draw = len(self.steps) in self._must_read
            self._add(fn)
            if not module_draw:  # a second Dropout call would be one nobody reads
                made.append((fn, where))
            if kind == "dead":
                continue  # nobody reads it
            (vec if where == "vec" else full).append(idx)
        # a chain three or four ops deep, twice in a row: a duplicate that only merges level by level
        chain = self._chain(rng.choice(full), rng.choice(vec))
        for _ in range(2):
            full.append(n_in + self._add(chain))
        if eff in ("inplace", "both"):  # equal calls with a write between them, in three spellings
            for mutate in rng.sample(self._WRITES, 3):
                full.append(n_in + self._add(self._written_between(rng.choice(full), mutate)))
        if self.spec["spelling"] in ("operator", "mixed"):
            # a dead mask: `&`, `|` and `^` trace to operator.and_/or_/xor_, pure ops whose names end in
            # `_` as in-place ones do (the prompts say so); nobody reads it
            logic: Callable[[Any, Any], Any] = rng.choice([operator.and_, operator.or_, operator.xor])
            m = rng.choice(full)
            self._add(lambda v: logic(v[m] > 0, v[m] < 1))
            if made:  # and a duplicate of an earlier op after it: no barrier lies between the two
                fn, where = rng.choice(made)
                (vec if where == "vec" else full).append(n_in + self._add(fn))
            # and a live mask over parameters only, which the output reads: a constant to fold, whose
            # `_`-ending operator is no write
            live: Callable[[Any, Any], Any] = rng.choice([operator.and_, operator.or_, operator.xor])
            p, q = rng.choice(params), rng.choice(params)
            self._must_read.append(len(self.steps))

            def masked(v: list[Any], p: int = p, q: int = q, live: Callable[[Any, Any], Any] = live) -> Any:
                return v[p] * live(v[p] > 0, v[q] < 0.5)
            vec.append(n_in + self._add(masked))
        # the output reads the last full value and a constant, so that folded values are used
        a, b = full[-1], rng.choice(vec)
        must = [n_in + i for i in self._must_read]
        self._add(lambda v: sum((v[m].sum() for m in must), v[a] + v[b]))
        self._finish([i - n_in for i in full + vec if i >= n_in])

    def _draw_fma(self) -> None:
        """x * a + b chains in every spelling, with the variants the prompt rules out."""
        rng = self.rng
        n_in = 3
        self.n_inputs = n_in
        full = list(range(n_in))
        for _ in range(2):
            full.append(n_in + self._add(self._param((self.width,))))
        eff = self.spec["effects"]
        forms = ["chain", "chain", "chain_rev", "shared", "scalar", "alpha_kw", "self_sum",
                 "method", "unary"]
        if eff in ("inplace", "both"):
            forms += ["inplace_between", "view_between"]
        if eff in ("random", "both"):
            forms += ["random"]
        # with `&` spelled: one a & b between a multiply and its add (pure, so no barrier to fusing)
        forced = ["mask_between"] if self.spec["spelling"] in ("operator", "mixed") else []
        for _ in range(rng.randint(5, 9)):
            form = forced.pop() if forced else rng.choice(forms)
            x, a, b = (rng.choice(full) for _ in range(3))
            s = self._spelling()
            muls: dict[str, Callable[..., Any]] = {"operator": lambda p, q: p * q, "function": torch.mul,
                                                   "method": lambda p, q: p.mul(q)}
            mul = muls[s]
            adds: dict[str, Callable[..., Any]] = {"operator": lambda p, q: p + q, "function": torch.add,
                                                   "method": lambda p, q: p.add(q)}
            add = adds[s]
            # the write between a multiply and its add, in any spelling (out= too: h is detached)
            mutate: Any = None
            if form in ("inplace_between", "view_between"):
                mutate = self._mutation(view=form == "view_between", modules=False)
                if form == "inplace_between" and rng.random() < 0.25:
                    mutate = lambda h: torch.mul(h, 2, out=h)  # noqa: E731

            def step(v: list[Any], form: str = form, x: int = x, a: int = a, b: int = b,
                     mul: Any = mul, add: Any = add, mutate: Any = mutate) -> Any:
                if form == "chain":
                    return add(mul(v[x], v[a]), v[b])
                if form == "chain_rev":
                    return add(v[b], mul(v[x], v[a]))
                if form == "shared":  # the product has two readers
                    p = mul(v[x], v[a])
                    return add(p, v[b]) * p
                if form == "scalar":
                    return v[x] * 0.5 + v[b]
                if form == "alpha_kw":
                    return torch.add(v[x] * v[a], v[b], alpha=2)
                if form == "self_sum":
                    p = v[x] * v[a]
                    return p + p
                if form == "method":
                    return v[x].mul(v[a]).add(v[b])
                if form == "unary":
                    return torch.tanh(v[x])
                if form == "random":
                    return v[x] * torch.rand_like(v[a]) + v[b]
                if form == "mask_between":
                    p = v[x] * v[a]
                    keep = (v[x] > 0) & (v[b] < 1)
                    return p + v[b] + keep
                h = v[x].detach().clone()
                p = h * v[a]
                mutate(h)  # inplace_between: h itself; view_between: through a view of it
                return p + v[b] + h
            full.append(n_in + self._add(step))
        self._finish([i - n_in for i in full if i >= n_in])

    def _linear(self, i: int, o: int) -> nn.Module:
        bias = self.rng.random() < 0.7
        cls = NonDynamicallyQuantizableLinear if self.rng.random() < 0.2 else nn.Linear
        return cls(i, o, bias=bias)

    def _mutation(self, view: bool = False, modules: bool = True) -> Callable[[torch.Tensor], Any]:
        """An in-place change of a node's value in one of its spellings: a `_` method or function,
        inplace=True in a call or a module, or a write through a view (out= refuses a tensor that
        requires grad, as every Linear's output does; item assignment does not trace: an fx Proxy has
        no __setitem__)."""
        forms: list[Callable[[torch.Tensor], Any] | None] = [
            lambda h: h.add_(1), lambda h: torch.relu_(h), lambda h: F.relu(h, inplace=True),
            None, lambda h: torch.sigmoid_(h), lambda h: h.clamp_(max=0.5),
            lambda h: h.narrow(-1, 0, 2).mul_(2), lambda h: h[..., :1].sub_(1)]
        if not modules:  # a prompt that names no in-place module form (the fma one)
            forms = [f for f in forms if f is not None]
        form = self.rng.choice(forms[-2:] if view else forms)
        if form is None:  # a module built with inplace=True
            act = self._place("act", nn.ReLU(inplace=True))
            return lambda h: self._get(act)(h)
        return form

    def _draw_linear(self) -> None:
        """Groups of Linears reading the same node, lone Linears, in-place ops between readers (every
        spelling), and, with shared modules, a Linear called again on its node or on another group's."""
        rng = self.rng
        self.n_inputs = 1
        w = self.width
        full = [0]
        earlier: list[str] = []
        squashed: list[int] = []
        inplace = self.spec["effects"] in ("inplace", "both")
        shared = self.spec["modules"] == "shared"
        for g in range(rng.randint(2, 4)):
            src = rng.choice(full) if not (shared and g == 1) else full[-1]  # see `again` below
            group = []
            # The first group has 3 or 4 members where a write or a second call must meet a fused pair.
            for _ in range(rng.randint(3 if g == 0 and (inplace or shared) else 1, 4)):
                path = self._place("lin", self._linear(w, rng.choice([2, 3, w])))
                group.append(path)
            # The first group of an in-place program always has a write through a view of its node before
            # its last member (a pass that watches only writes whose target is the node itself fuses
            # across it); later groups a write in any spelling, at times.
            between = inplace and (g == 0 or rng.random() < 0.4)
            mutate = self._mutation(view=g == 0) if between else None
            again: list[str] = []
            if shared and g == 1:
                # the first group's first Linear (fused with the next) called on this group's node, which
                # the first group's output feeds: a pass that installs the fused Linear under a member's
                # own name breaks this call
                again.append(earlier[0])
            elif shared and rng.random() < 0.5:
                again.append(rng.choice(earlier) if earlier and rng.random() < 0.6 else group[0])
            earlier += group

            pads = [w - self._get(p).out_features for p in group + again]

            def step(v: list[Any], src: int = src, group: list[str] = group, mutate: Any = mutate,
                     again: list[str] = again, pads: list[int] = pads) -> Any:
                h = v[src].clone() if mutate else v[src]
                outs = []
                for k, p in enumerate(group):
                    if mutate and k == len(group) - 1:
                        mutate(h)
                    outs.append(self._get(p)(h))
                outs += [self._get(p)(h) for p in again]
                # every output padded to the width and summed: each Linear's result reaches the output
                # (a cat cut to the width dropped the last members, where the in-place writes sit)
                return torch.stack([F.pad(o, (0, pad)) for o, pad in zip(outs, pads, strict=True)]).sum(0)
            full.append(1 + self._add(step))
            def squash(v: list[Any], i: int = full[-1]) -> Any:
                return torch.tanh(v[i])
            full.append(1 + self._add(squash))
            squashed.append(full[-1])

        def total(v: list[Any], ends: list[int] = squashed) -> Any:  # every group reaches the output
            return torch.stack([v[i] for i in ends]).sum(0)
        full.append(1 + self._add(total))
        self._finish([i - 1 for i in full if i >= 1])

    def _draw_convbn(self) -> None:
        """Conv2d -> BatchNorm2d pairs (nested, a conv called at two nodes, a conv read twice, a
        BatchNorm without affine parameters)."""
        rng = self.rng
        self.n_inputs = 1
        c = self.width
        full = [0]
        read = set()
        for k in range(rng.randint(2, 3)):
            src = rng.choice(full)
            read.add(src)
            # The first BatchNorm is built with affine=False half the time (no weight or bias: gamma 1, beta 0).
            affine = k > 0 or rng.random() < 0.5
            dilation = rng.choice([1, 2])  # padding = dilation keeps the spatial size of a 3x3 conv
            conv = nn.Conv2d(c, c, 3, padding=dilation, dilation=dilation, groups=rng.choice([1, c]),
                             bias=rng.random() < 0.5)
            cpath = self._place("conv", conv)
            bpath = self._place("bn", nn.BatchNorm2d(c, eps=rng.choice([1e-5, 1e-3, 0.1]), affine=affine))
            form = rng.choice(["fold", "fold", "relu_after", "conv_read_twice", "two_sites"
                               if self.spec["modules"] == "shared" else "fold"])

            def step(v: list[Any], src: int = src, cpath: str = cpath, bpath: str = bpath, form: str = form) -> Any:
                conv, bn = self._get(cpath), self._get(bpath)
                y = conv(v[src])
                if form == "conv_read_twice":
                    return bn(y) + y
                if form == "two_sites":  # the same conv module at a second node, without a BN
                    return bn(y) + conv(v[src] * 2)
                out = bn(y)
                return torch.relu(out) if form == "relu_after" else out
            full.append(1 + self._add(step))
        # every stage reaches the output: a stage nobody reads is dead code, which this pass is not
        # about, and a pass that also cleans dead code (eliminate_dead_code) would lose its convs
        unread = [i for i in full[1:-1] if i not in read]
        if unread:
            def join(v: list[Any], last: int = full[-1], unread: list[int] = unread) -> Any:
                out = v[last]
                for i in unread:
                    out = out + v[i]
                return out
            full.append(1 + self._add(join))
        self._finish([i - 1 for i in full if i >= 1])


# symbolic_trace reads the signature of type(model).forward: one class per number of inputs
class Program1(Program):
    def forward(self, x: torch.Tensor) -> Any:
        return self.run(x)


class Program2(Program):
    def forward(self, x: torch.Tensor, y: torch.Tensor) -> Any:
        return self.run(x, y)


class Program3(Program):
    def forward(self, x: torch.Tensor, y: torch.Tensor, z: torch.Tensor) -> Any:
        return self.run(x, y, z)


def build(name: str, seed: int) -> nn.Module:
    """The program `name` draws with the structure seed `seed` (its parameters are set by the zoo)."""
    spec = parse(name)
    model = Program(name, seed)
    model.__class__ = {1: Program1, 2: Program2, 3: Program3}[model.n_inputs]
    return model.to(DTYPES[spec["dtype"]])


def inputs(name: str, gen: torch.Generator, structure_seed: int) -> tuple[torch.Tensor, ...]:
    spec = parse(name)
    probe = Program(name, structure_seed)
    b = SHAPES[spec["shape"]]
    if spec["flavour"] == "convbn":  # convolutions cost more per element: a large batch is 12 images
        b = min(b, 12)
    shape: tuple[int, ...] = (b, probe.width) if spec["flavour"] != "convbn" else (b, probe.width, 4, 4)
    if spec["flavour"] == "linear" and b % 2:
        shape = (2, b, probe.width)  # (batch, time, features)
    return tuple(torch.randn(shape, generator=gen, dtype=DTYPES[spec["dtype"]]) for _ in range(probe.n_inputs))
