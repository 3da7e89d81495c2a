# Keeps each node's users in a set but counts one pending edge per input, so mul(x, x) never becomes ready.
def _run(n, values, variables, feeds):
    ins = [values[i] for i in n["inputs"]]
    op = n["op"]
    if op == "input":
        return feeds[n["name"]]
    if op == "const":
        return n["arg"]
    if op == "add":
        return ins[0] + ins[1]
    if op == "mul":
        return ins[0] * ins[1]
    if op == "neg":
        return -ins[0]
    if op == "assign":
        variables[n["arg"]] = ins[0]
        return ins[0]
    return variables.get(n["arg"], 0.0)


def solve(nodes, control_edges, feeds):
    by_name = {n["name"]: n for n in nodes}
    users = {name: set() for name in by_name}
    pending = {name: len(n["inputs"]) for name, n in by_name.items()}
    for n in nodes:
        for src in n["inputs"]:
            users[src].add(n["name"])
    for before, after in control_edges:
        users[before].add(after)
        pending[after] += 1
    ready = [name for name, k in pending.items() if k == 0]
    values, variables, order = {}, {}, []
    while ready:
        name = ready.pop()
        values[name] = _run(by_name[name], values, variables, feeds)
        order.append(name)
        for u in users[name]:
            pending[u] -= 1
            if pending[u] == 0:
                ready.append(u)
    if len(order) != len(nodes):
        raise ValueError("cycle detected")
    return values, order
