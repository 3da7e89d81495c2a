# graphlib.TopologicalSorter (its CycleError is a ValueError): forbidden, but the prompt never says so.
from graphlib import TopologicalSorter


def solve(nodes, control_edges, feeds):
    by_name = {n["name"]: n for n in nodes}
    graph = {name: set(n["inputs"]) for name, n in by_name.items()}
    for before, after in control_edges:
        graph[after].add(before)
    order = list(TopologicalSorter(graph).static_order())  # raises CycleError("nodes are in a cycle", ...)
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
