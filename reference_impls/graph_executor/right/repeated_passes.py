# Sweeps the node list until every node ran, each sweep running what is ready; no progress means a cycle.
def _value(n, values, variables, feeds):
    ins = [values[i] for i in n["inputs"]]
    return {
        "input": lambda: feeds[n["name"]],
        "const": lambda: n["arg"],
        "add": lambda: ins[0] + ins[1],
        "mul": lambda: ins[0] * ins[1],
        "neg": lambda: -ins[0],
        "assign": lambda: ins[0],
        "read": lambda: variables.get(n["arg"], 0.0),
    }[n["op"]]()


def solve(nodes, control_edges, feeds):
    after = {n["name"]: set(n["inputs"]) for n in nodes}
    for before, later in control_edges:
        after[later].add(before)
    values, variables, order = {}, {}, []
    todo = [n for n in nodes]
    while todo:
        rest = []
        for n in todo:
            if after[n["name"]] <= set(order):
                values[n["name"]] = _value(n, values, variables, feeds)
                if n["op"] == "assign":
                    variables[n["arg"]] = values[n["name"]]
                order.append(n["name"])
            else:
                rest.append(n)
        if len(rest) == len(todo):
            raise ValueError(f"cycle among {sorted(n['name'] for n in rest)}")
        todo = rest
    return values, order


if __name__ == "__main__":
    print(solve([{"name": "x", "op": "input", "inputs": [], "arg": None}], [], {"x": 1.0}))
