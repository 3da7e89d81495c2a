# iterative three-colour DFS (white/grey/black) over "depends on" edges; a grey hit is a cycle, reported with the path
WHITE, GREY, BLACK = 0, 1, 2

OPS = {
    "add": lambda a, b: a + b,
    "mul": lambda a, b: a * b,
    "neg": lambda a: -a,
}


def solve(nodes, control_edges, feeds):
    table = {n["name"]: n for n in nodes}
    deps = {k: list(v["inputs"]) for k, v in table.items()}
    for before, after in control_edges:
        deps[after].append(before)
    colour = dict.fromkeys(table, WHITE)
    order = []
    for root in table:
        if colour[root] != WHITE:
            continue
        stack = [(root, iter(deps[root]))]
        colour[root] = GREY
        while stack:
            name, it = stack[-1]
            for d in it:
                if colour[d] == GREY:
                    path = [s[0] for s in stack]
                    raise ValueError("cycle: " + " -> ".join(path[path.index(d):] + [d]))
                if colour[d] == WHITE:
                    colour[d] = GREY
                    stack.append((d, iter(deps[d])))
                    break
            else:
                stack.pop()
                colour[name] = BLACK
                order.append(name)
    env, values = {}, {}
    for name in order:
        n = table[name]
        op, args = n["op"], [values[i] for i in n["inputs"]]
        if op == "input":
            v = feeds[name]
        elif op == "const":
            v = n["arg"]
        elif op == "assign":
            v = env[n["arg"]] = args[0]
        elif op == "read":
            v = env.setdefault(n["arg"], 0.0)
        else:
            v = OPS[op](*args)
        values[name] = v
    return values, order
