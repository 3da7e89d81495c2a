"""Scalar expression graphs as plain data, for the AD-engine exercises (grader side).

An expression is `{"inputs": [float, ...], "tangents": [float, ...] | None, "ops": [[op, a, b], ...]}`:
node i < len(inputs) is input i, and op k defines node len(inputs) + k from earlier nodes `a` (and
`b`, a node index for binary ops, a Python number for the `*c` ops, None otherwise). The last node
is the output. The child builds the same graph with the user's class (child.APPLY); here
it is built with torch in float64, whose own autograd is the oracle.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import torch

from dlprep.checkers.oracle_lock import ORACLE_LOCK

Op = list[Any]  # [name, a, b]

BINARY = {"add": "+", "sub": "-", "mul": "*"}
WITH_CONST = {"addc", "rmulc", "powc"}
UNARY = {"neg", "exp", "log", "tanh", "relu", "sin", "cos"}

_TORCH: dict[str, Callable[[Any, Any], torch.Tensor]] = {
    "add": lambda a, b: a + b, "sub": lambda a, b: a - b, "mul": lambda a, b: a * b,
    "addc": lambda a, c: a + c, "rmulc": lambda a, c: c * a, "powc": lambda a, c: a ** c,
    "neg": lambda a, _: -a, "exp": lambda a, _: a.exp(), "log": lambda a, _: a.log(),
    "tanh": lambda a, _: a.tanh(), "relu": lambda a, _: a.relu(), "sin": lambda a, _: a.sin(),
    "cos": lambda a, _: a.cos(),
}
_FLOAT: dict[str, Callable[[float, Any], float]] = {
    "add": lambda a, b: a + b, "sub": lambda a, b: a - b, "mul": lambda a, b: a * b,
    "addc": lambda a, c: a + c, "rmulc": lambda a, c: c * a, "powc": lambda a, c: a ** c,
    "neg": lambda a, _: -a, "exp": lambda a, _: math.exp(a), "log": lambda a, _: math.log(a),
    "tanh": lambda a, _: math.tanh(a), "relu": lambda a, _: max(a, 0.0), "sin": lambda a, _: math.sin(a),
    "cos": lambda a, _: math.cos(a),
}


def expression(inputs: list[float], ops: list[Op], tangents: list[float] | None = None) -> dict[str, Any]:
    return {"inputs": [float(x) for x in inputs], "ops": [list(op) for op in ops],
            "tangents": None if tangents is None else [float(t) for t in tangents]}


def _node(i: int) -> str:
    return f"v{i}"


def render_op(op: Op) -> str:
    name, a, b = op
    if name in BINARY:
        return f"{_node(a)} {BINARY[name]} {_node(b)}"
    if name == "addc":
        return f"{_node(a)} + {b!r}"
    if name == "rmulc":
        return f"{b!r} * {_node(a)}"
    if name == "powc":
        return f"{_node(a)} ** {b!r}"
    if name == "neg":
        return f"-{_node(a)}"
    return f"{_node(a)}.{name}()"


def render(expr: dict[str, Any]) -> list[str]:
    """One line per node, e.g. `v3 = v0 * v0`: what a failure message shows the user."""
    n = len(expr["inputs"])
    tangents = expr["tangents"] or [None] * n
    lines = [f"{_node(i)} = input {x!r}" + ("" if t is None else f" (tangent {t!r})")
             for i, (x, t) in enumerate(zip(expr["inputs"], tangents, strict=True))]
    lines += [f"{_node(n + k)} = {render_op(op)}" for k, op in enumerate(expr["ops"])]
    return lines


def _build(expr: dict[str, Any], leaves: list[torch.Tensor]) -> list[torch.Tensor]:
    nodes = list(leaves)
    for name, a, b in expr["ops"]:
        nodes.append(_TORCH[name](nodes[a], nodes[b] if name in BINARY else b))
    return nodes


def reverse_oracle(expr: dict[str, Any]) -> dict[str, list[float]]:
    """Values and adjoints d(output)/d(node) of every node, by torch's reverse mode."""
    leaves = [torch.tensor(x, dtype=torch.float64, requires_grad=True) for x in expr["inputs"]]
    nodes = _build(expr, leaves)
    for t in nodes[len(leaves):]:
        t.retain_grad()
    nodes[-1].backward()
    grads = [0.0 if t.grad is None else t.grad.item() for t in nodes]
    return {"values": [t.item() for t in nodes], "grads": grads}




def forward_oracle(expr: dict[str, Any]) -> dict[str, list[float]]:
    """Values and tangents of every node, by torch.func.jvp along the expression's tangents."""
    with ORACLE_LOCK:
        return _forward_oracle(expr)


def _forward_oracle(expr: dict[str, Any]) -> dict[str, list[float]]:
    primals = tuple(torch.tensor(x, dtype=torch.float64) for x in expr["inputs"])
    tangents = tuple(torch.tensor(t, dtype=torch.float64) for t in expr["tangents"])
    out = torch.func.jvp(lambda *xs: tuple(_build(expr, list(xs))), primals, tangents)
    values, tans = out[0], out[1]  # (primals_out, tangents_out); a third item only with has_aux
    return {"values": [float(v) for v in values], "tangents": [float(t) for t in tans]}


def consumers(expr: dict[str, Any], node: int) -> list[int]:
    n = len(expr["inputs"])
    return [n + k for k, (name, a, b) in enumerate(expr["ops"]) if a == node or (name in BINARY and b == node)]


def random_expression(gen: torch.Generator, ops: tuple[str, ...], n_inputs: int, n_ops: int,
                      with_tangents: bool, recent: int = 3, inputs: list[float] | None = None,
                      int_constants: bool = False) -> dict[str, Any]:
    """A random graph whose nodes are reused (the adjoints must add up) and all reach the output.

    Values are tracked while building, so every op stays in its domain and far from a kink
    (log of a positive number, relu away from 0, exp of a moderate number), and no value explodes.
    Each op's first operand is one of the `recent` newest nodes (1: a chain as deep as n_ops);
    `inputs` fixes the input values (equal ones: distinct nodes holding the same number);
    `int_constants` makes every other constant a Python int and adds the exponents 0 and 1.
    """
    def uniform(lo: float, hi: float) -> float:
        return lo + (hi - lo) * float(torch.rand((), generator=gen, dtype=torch.float64))

    def pick(k: int) -> int:
        return int(torch.randint(0, k, (), generator=gen))

    values = list(inputs) if inputs is not None else [round(uniform(-2.0, 2.0), 3) or 0.5 for _ in range(n_inputs)]
    tangents = [round(uniform(-1.5, 1.5), 3) for _ in range(n_inputs)] if with_tangents else None
    expr_ops: list[Op] = []
    used: set[int] = set()
    while len(expr_ops) < n_ops:
        name = ops[pick(len(ops))]
        count = len(values)
        a = count - 1 - pick(min(recent, count))  # mostly recent nodes: deep chains ...
        b: Any = pick(count)  # ... with operands from anywhere: shared subexpressions
        whole = int_constants and pick(2) == 1
        if name == "addc":
            b = (pick(5) - 2 or 1) if whole else round(uniform(-2.0, 2.0), 2)
        elif name == "rmulc":
            size = (1 + pick(2)) if whole else round(uniform(0.5, 2.0), 2)
            b = size * (1 if pick(2) else -1)
        elif name == "powc":
            b = [2, 3, -1, 0, 1][pick(5)] if int_constants else [2, 3, -1][pick(3)]
        op = [name, a, b if (name in BINARY or name in WITH_CONST) else None]
        if not _acceptable(name, values[a], b if name in WITH_CONST else None):
            continue
        value = _FLOAT[name](values[a], values[b] if name in BINARY else op[2])
        if not math.isfinite(value) or abs(value) > 50.0:
            continue
        expr_ops.append(op)
        values.append(value)
        used.update({a, b} if name in BINARY else {a})
    last = len(values) - 1
    for node in range(len(values) - 1):  # every dangling node feeds the output
        if node not in used:
            expr_ops.append(["add", last, node])
            last = len(values)
            values.append(values[-1] + values[node])
    return expression(values[:n_inputs], expr_ops, tangents)


def _acceptable(name: str, x: float, c: Any) -> bool:
    if name == "log":
        return x > 0.2
    if name == "exp":
        return x < 3.0
    if name == "relu":
        return abs(x) > 1e-3
    if name == "powc" and c == -1:
        return abs(x) > 0.3
    return True
