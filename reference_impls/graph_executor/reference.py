from collections import deque


def solve(nodes, control_edges, feeds):
    by_name = {n["name"]: n for n in nodes}
    users = {name: [] for name in by_name}
    waiting = {name: 0 for name in by_name}  # how many edges still point into each node
    for n in nodes:
        for src in n["inputs"]:
            users[src].append(n["name"])
            waiting[n["name"]] += 1
    for before, after in control_edges:
        users[before].append(after)
        waiting[after] += 1
    # Kahn's algorithm: run whatever has nothing left to wait for.
    ready = deque(name for name, count in waiting.items() if count == 0)
    values, variables, order = {}, {}, []
    while ready:
        name = ready.popleft()
        n = by_name[name]
        ins = [values[i] for i in n["inputs"]]
        if n["op"] == "input":
            values[name] = feeds[name]
        elif n["op"] == "const":
            values[name] = n["arg"]
        elif n["op"] == "add":
            values[name] = ins[0] + ins[1]
        elif n["op"] == "mul":
            values[name] = ins[0] * ins[1]
        elif n["op"] == "neg":
            values[name] = -ins[0]
        elif n["op"] == "assign":
            variables[n["arg"]] = values[name] = ins[0]
        elif n["op"] == "read":
            values[name] = variables.get(n["arg"], 0.0)
        order.append(name)
        for user in users[name]:
            waiting[user] -= 1
            if waiting[user] == 0:
                ready.append(user)
    if len(order) < len(nodes):  # the rest wait on each other forever
        stuck = sorted(name for name in by_name if waiting[name] > 0)
        raise ValueError(f"the graph has a cycle among {stuck}")
    return values, order
