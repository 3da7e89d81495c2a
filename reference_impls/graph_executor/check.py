"""Trusted checker data for `graph_executor` (imported by the grader only).

A graph is (nodes, control_edges, feeds) as plain data; `problem` judges what solve() returned
(or raised): a cycle must raise ValueError; otherwise the order must respect every data and
control edge, and the values must be what executing the nodes in that order gives.

Threat list (how a candidate gets this wrong -> what kills it):
- nodes run in list order -> chain-listed-backwards.
- control edges ignored -> control-edge-read-after-write, two-writes-ordered.
- a repeated input (mul(x, x)) counted once on one side and twice on the other -> diamond.
- a control edge parallel to a data edge counted once but released twice (a node runs before its
  other input) -> control-edge-parallel-to-data.
- no cycle check (a partial result), DFS without an in-progress mark (RecursionError), or the
  wrong exception type -> cycle-through-data, cycle-through-control-edge, self-loop.
- read before any write (0.0) -> control-edge-read-before-write; empty graph -> empty-graph.
- graphlib.TopologicalSorter doing the exercise (forbidden, stated in the prompt) -> the source
  rule, and at run time the wrapped class for getattr/importlib spellings (wrong/graphlib_sorter,
  wrong/graphlib_via_importlib).
- (not a mistake) a ValueError subclass (graphlib's CycleError, one's own) -> the error's classes
  are reported, not only its name (right/cycle_error_subclass).
Not checked: graphs deep enough to exhaust Python's recursion limit (the prompt states no size).
"""

import math
import random

import torch

from dlprep.checkers.base import Case

PROBE = "call"


def _node(name, op, inputs=(), arg=None):
    return {"name": name, "op": op, "inputs": list(inputs), "arg": arg}


def _predecessors(nodes, control):
    preds = {n["name"]: list(n["inputs"]) for n in nodes}
    for before, after in control:
        preds[after].append(before)
    return preds


def find_cycle(nodes, control):
    """A list of node names forming a cycle (first == last), or None."""
    preds = _predecessors(nodes, control)
    state, stack = {}, []

    def visit(name):
        state[name] = "open"
        stack.append(name)
        for p in preds[name]:
            if state.get(p) == "open":
                return stack[stack.index(p):] + [p]
            if p not in state:
                found = visit(p)
                if found:
                    return found
        state[name] = "done"
        stack.pop()
        return None

    for n in nodes:
        if n["name"] not in state:
            found = visit(n["name"])
            if found:
                return list(reversed(found))
    return None


def execute(nodes, order, feeds):
    by_name = {n["name"]: n for n in nodes}
    values, variables = {}, {}
    for name in order:
        n = by_name[name]
        ins = [values[i] for i in n["inputs"]]
        op = n["op"]
        if op == "input":
            values[name] = feeds[name]
        elif op == "const":
            values[name] = n["arg"]
        elif op == "add":
            values[name] = ins[0] + ins[1]
        elif op == "mul":
            values[name] = ins[0] * ins[1]
        elif op == "neg":
            values[name] = -ins[0]
        elif op == "assign":
            variables[n["arg"]] = values[name] = ins[0]
        else:  # read
            values[name] = variables.get(n["arg"], 0.0)
    return values


def label(nodes, control, feeds):
    return f"{len(nodes)} nodes, {len(control)} control edge(s)"


def problem(args, returned, error):
    nodes, control, feeds = args
    cycle = find_cycle(nodes, control)
    if cycle is not None:
        path = " -> ".join(cycle)
        if error is None:
            return f"the graph has a cycle ({path}), but solve() returned instead of raising ValueError"
        if "ValueError" not in error.get("bases", [error["type"]]) or "cycle" not in error["message"].lower():
            return (f"the graph has a cycle ({path}): expected a ValueError whose message says 'cycle', got "
                    f"{error['type']}: {error['message'][:200]}")
        return None
    if error is not None:
        at = f" (line {error['line']})" if error.get("line") else ""
        return f"raised {error['type']}{at}: {error['message'][:300]}"
    if not (isinstance(returned, tuple | list) and len(returned) == 2 and isinstance(returned[0], dict)
            and isinstance(returned[1], list)):
        return "solve() must return (values, order): a dict of node values and the list of names in run order"
    values, order = returned
    names = [n["name"] for n in nodes]
    if sorted(map(str, order)) != sorted(names):
        return f"order must list every node exactly once; got {order[:20]}"
    position = {name: i for i, name in enumerate(order)}
    for n in nodes:
        for i in n["inputs"]:
            if position[i] > position[n["name"]]:
                return f"node {n['name']!r} ran before its input {i!r}"
    for before, after in control:
        if position[before] > position[after]:
            return (f"node {after!r} ran before {before!r}, but the control edge {before} -> {after} requires it to "
                    "run after")
    expected = execute(nodes, order, feeds)
    if set(values) != set(expected):
        return f"values has keys {sorted(values)[:20]}, expected one per node"
    for name in order:
        got, want = values[name], expected[name]
        if not (isinstance(got, int | float) and math.isclose(got, want, rel_tol=1e-9, abs_tol=1e-12)):
            return f"value of {name!r}: yours {got!r}, expected {want!r} (executing the nodes in your order)"
    return None


def public_cases():
    x, y = _node("x", "input"), _node("y", "input")
    feeds = {"x": 1.5, "y": -2.0}
    chain = [_node("out", "add", ["m", "c"]), _node("m", "mul", ["x", "y"]), _node("c", "const", arg=0.5), x, y]
    diamond = [_node("out", "mul", ["a", "b"]), _node("b", "neg", ["s"]), _node("a", "add", ["s", "x"]),
               _node("s", "mul", ["x", "x"]), x]
    # r reads v; only the control edge says whether it sees the assigned value
    after_write = [_node("r", "read", arg="v"), _node("out", "add", ["r", "one"]), _node("one", "const", arg=1.0),
                   _node("w", "assign", ["d"], arg="v"), _node("d", "mul", ["x", "two"]),
                   _node("two", "const", arg=2.0), x]
    before_write = [_node("w", "assign", ["x"], arg="v"), _node("r", "read", arg="v"), x]
    two_writes = [_node("r", "read", arg="v"), _node("w2", "assign", ["y"], arg="v"),
                  _node("w1", "assign", ["x"], arg="v"), x, y]
    data_cycle = [_node("a", "add", ["b", "x"]), _node("b", "mul", ["a", "x"]), x]
    control_cycle = [_node("a", "neg", ["x"]), _node("b", "neg", ["a"]), _node("c", "neg", ["b"]), x]
    return [
        Case("chain-listed-backwards", (chain, [], feeds)),
        Case("diamond", (diamond, [], feeds)),
        Case("control-edge-read-after-write", (after_write, [["w", "r"]], feeds)),
        Case("control-edge-read-before-write", (before_write, [["r", "w"]], feeds)),
        Case("two-writes-ordered", (two_writes, [["w1", "w2"], ["w2", "r"]], feeds)),
        # a waits on x twice (data and control) and on z; z only becomes ready after y has run.
        Case("control-edge-parallel-to-data", ([x, y, _node("z", "neg", ["y"]), _node("a", "add", ["x", "z"])],
                                               [["x", "a"]], feeds)),
        Case("independent-nodes", ([_node("k", "const", arg=3.0), y, x], [], feeds)),
        Case("empty-graph", ([], [], {})),
        Case("cycle-through-data", (data_cycle, [], feeds)),
        Case("cycle-through-control-edge", (control_cycle, [["c", "a"]], feeds)),
        Case("self-loop", ([_node("a", "neg", ["a"])], [], {})),
    ]


def _random_graph(rng, size, with_cycle):
    nodes = []
    for i in range(size):
        name, roll = f"n{i}", rng.random()
        if i < 2 or roll < 0.15:
            nodes.append(_node(name, "input"))
        elif roll < 0.25:
            nodes.append(_node(name, "assign", [f"n{rng.randrange(i)}"], arg=rng.choice("uv")))
        elif roll < 0.35:
            nodes.append(_node(name, "read", arg=rng.choice("uv")))
        else:
            op = rng.choice(["add", "mul", "neg"])
            nodes.append(_node(name, op, [f"n{rng.randrange(i)}" for _ in range(1 if op == "neg" else 2)]))
    control = []
    for _ in range(size // 3):
        a, b = sorted(rng.sample(range(size), 2))
        control.append([f"n{a}", f"n{b}"])  # forward in creation order: never a cycle by itself
    data_edges = [(src, n["name"]) for n in nodes for src in n["inputs"]]
    if with_cycle:
        src, dst = rng.choice(data_edges)
        control.append([dst, src])  # against a data edge: a cycle
    feeds = {n["name"]: round(rng.uniform(-1.5, 1.5), 3) for n in nodes if n["op"] == "input"}
    rng.shuffle(nodes)
    return nodes, control, feeds


def hidden_cases(gen, n):
    rng = random.Random(int(torch.randint(0, 2**31, (), generator=gen)))
    return [Case(f"random-{i}", _random_graph(rng, rng.randint(5, 16), with_cycle=i % 3 == 2)) for i in range(n)]


# ---------------------------------------------------------------- the stated domain (contract.yaml)

def contract_case(point, gen):
    """A random graph of the point's size (5 to 8, 20 to 40 or 300 nodes); binary ops reading the
    same input twice, or control edges repeated and parallel to data edges; a cycle through data
    edges, through a control edge, a node reading itself, or a control edge [a, a]; nodes listed
    shuffled, in reverse creation order, or in creation order (already topological)."""
    rng = random.Random(int(torch.randint(0, 2**31, (), generator=gen)))
    size = {"small": rng.randint(5, 8), "medium": rng.randint(20, 40), "large": 300}[point["size"]]
    nodes, control, feeds = _random_graph(rng, size, with_cycle=False)
    by_name = {n["name"]: n for n in nodes}
    binary = [n for n in nodes if n["op"] in ("add", "mul")]
    if point["duplicates"] == "repeated_input" and binary:
        for n in rng.sample(binary, max(1, len(binary) // 3)):
            n["inputs"] = [n["inputs"][0]] * 2
    elif point["duplicates"] == "repeated_control":
        data_edges = [[src, n["name"]] for n in nodes for src in n["inputs"]]
        control += [list(e) for e in rng.sample(control, min(2, len(control)))]
        control += [list(e) for e in rng.sample(data_edges, min(3, len(data_edges)))]
    if point["cycle"] == "control":  # a control edge against a data edge
        edges = [(src, n["name"]) for n in nodes for src in n["inputs"]]
        if not edges:
            nodes.append(_node("c", "neg", ["n0"]))
            edges = [("n0", "c")]
        src, dst = rng.choice(edges)
        control.append([dst, src])
    elif point["cycle"] == "data":  # c1 and c2 read each other
        nodes += [_node("c1", "neg", ["c2"]), _node("c2", "add", ["c1", "n0"])]
    elif point["cycle"] == "self_loop":
        nodes.append(_node("s", "neg", ["s"]))
    elif point["cycle"] == "control_self_loop":
        name = rng.choice(sorted(by_name))
        control.append([name, name])
    if point["order"] != "shuffled":
        def created(n):
            return (0, int(n["name"][1:])) if n["name"][1:].isdigit() else (1, n["name"])
        nodes.sort(key=created, reverse=point["order"] == "reversed")
    return Case("contract", (nodes, control, feeds))
