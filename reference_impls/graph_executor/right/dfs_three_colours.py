# Depth-first post-order with white/grey/black marks; a grey predecessor closes a cycle, which is named.
OPS = {
    "add": lambda a, b: a + b,
    "mul": lambda a, b: a * b,
    "neg": lambda a: -a,
}


def solve(nodes, control_edges, feeds):
    by_name = {n["name"]: n for n in nodes}
    preds = {name: list(n["inputs"]) for name, n in by_name.items()}
    for before, after in control_edges:
        preds[after].append(before)
    colour, order, path = {}, [], []

    def visit(name):
        colour[name] = "grey"
        path.append(name)
        for p in preds[name]:
            if colour.get(p) == "grey":
                loop = path[path.index(p):] + [p]
                raise ValueError("cycle: " + " -> ".join(loop))
            if p not in colour:
                visit(p)
        colour[name] = "black"
        path.pop()
        order.append(name)

    for name in by_name:
        if name not in colour:
            visit(name)
    values, variables = {}, {}
    for name in order:
        n = by_name[name]
        op = n["op"]
        if op == "input":
            values[name] = feeds[name]
        elif op == "const":
            values[name] = n["arg"]
        elif op == "assign":
            variables[n["arg"]] = values[name] = values[n["inputs"][0]]
        elif op == "read":
            values[name] = variables.get(n["arg"], 0.0)
        else:
            values[name] = OPS[op](*(values[i] for i in n["inputs"]))
    return values, order
