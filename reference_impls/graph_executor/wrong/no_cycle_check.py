# Kahn's algorithm without comparing len(order) to the node count: a cycle silently drops its nodes (KeyError or a partial result instead of ValueError)
# zh: Kahn 算法没有比较 len(order) 和节点数：有环时悄悄丢掉环上的节点（KeyError 或不完整的结果，而不是 ValueError）。
from collections import deque


def _apply(node, args, feeds, variables):
    op = node["op"]
    if op == "input":
        return feeds[node["name"]]
    if op == "const":
        return node["arg"]
    if op == "add":
        return args[0] + args[1]
    if op == "mul":
        return args[0] * args[1]
    if op == "neg":
        return -args[0]
    if op == "assign":
        variables[node["arg"]] = args[0]
        return args[0]
    if op == "read":
        return variables.get(node["arg"], 0.0)
    raise ValueError(f"unknown op {op!r}")


def solve(nodes, control_edges, feeds):
    by_name = {n["name"]: n for n in nodes}
    succ = {name: [] for name in by_name}
    indeg = {name: 0 for name in by_name}
    for n in nodes:
        for src in n["inputs"]:
            succ[src].append(n["name"])
            indeg[n["name"]] += 1
    for before, after in control_edges:
        succ[before].append(after)
        indeg[after] += 1
    ready = deque(name for name in by_name if indeg[name] == 0)
    order = []
    while ready:
        name = ready.popleft()
        order.append(name)
        for nxt in succ[name]:
            indeg[nxt] -= 1
            if indeg[nxt] == 0:
                ready.append(nxt)
    values, variables = {}, {}
    for name in order:
        node = by_name[name]
        values[name] = _apply(node, [values.get(i, 0.0) for i in node["inputs"]], feeds, variables)
    return values, order
