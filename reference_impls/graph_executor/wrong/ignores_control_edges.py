# topological sort over data edges only: control edges never constrain the order, so a read can run before the write it must see
# zh: 只按数据边做拓扑排序：控制边从不约束顺序，读可能在它必须看到的写之前执行。
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
    ready = deque(name for name in by_name if indeg[name] == 0)
    order = []
    while ready:
        name = ready.popleft()
        order.append(name)
        for nxt in succ[name]:
            indeg[nxt] -= 1
            if indeg[nxt] == 0:
                ready.append(nxt)
    if len(order) != len(by_name):
        stuck = sorted(name for name in by_name if indeg[name] > 0)
        raise ValueError(f"cycle among nodes {stuck}")
    values, variables = {}, {}
    for name in order:
        node = by_name[name]
        values[name] = _apply(node, [values[i] for i in node["inputs"]], feeds, variables)
    return values, order
