# DFS topological sort with a single "visited" set (no in-progress colour): cycles are never detected and the order violates an edge
# zh: 只用一个 visited 集合做 DFS 拓扑排序（没有“进行中”状态）：永远检测不到环，顺序还会违反某条边。
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
    deps = {name: list(n["inputs"]) for name, n in by_name.items()}
    for before, after in control_edges:
        deps[after].append(before)
    order, visited = [], set()

    def visit(name):
        if name in visited:
            return
        visited.add(name)
        for d in deps[name]:
            visit(d)
        order.append(name)

    for name in by_name:
        visit(name)
    values, variables = {}, {}
    for name in order:
        node = by_name[name]
        values[name] = _apply(node, [values.get(i, 0.0) for i in node["inputs"]], feeds, variables)
    return values, order
