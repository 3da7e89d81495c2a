# Depth-first without an "in progress" mark: on a cycle it recurses until RecursionError, not a ValueError.
def solve(nodes, control_edges, feeds):
    by_name = {n["name"]: n for n in nodes}
    preds = {n["name"]: list(n["inputs"]) for n in nodes}
    for before, after in control_edges:
        preds[after].append(before)
    values, variables, order = {}, {}, []

    def run(name):
        if name in values:
            return
        for p in preds[name]:
            run(p)
        n, ins = by_name[name], [values[i] for i in by_name[name]["inputs"]]
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
        else:
            values[name] = variables.get(n["arg"], 0.0)
        order.append(name)

    for n in nodes:
        run(n["name"])
    return values, order
