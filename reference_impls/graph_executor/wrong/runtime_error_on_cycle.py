# Detects the cycle correctly but raises RuntimeError, not the ValueError the spec asks for.
# zh: 环检测对了，但抛出的是 RuntimeError，而不是规范要求的 ValueError。
def solve(nodes, control_edges, feeds):
    by_name = {n["name"]: n for n in nodes}
    preds = {name: list(n["inputs"]) for name, n in by_name.items()}
    for before, after in control_edges:
        preds[after].append(before)
    done, order = set(), []
    while len(order) < len(nodes):
        runnable = [m for m in by_name if m not in done and all(p in done for p in preds[m])]
        if not runnable:
            raise RuntimeError("cycle in graph")
        for m in runnable:
            done.add(m)
            order.append(m)
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
        else:
            values[name] = variables.get(n["arg"], 0.0)
    return values, order
