# Runs the nodes in the order they are listed, which is not a topological order.
def solve(nodes, control_edges, feeds):
    values, variables, order = {}, {}, []
    for n in nodes:
        name, ins = n["name"], [values[i] for i in n["inputs"]]
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
    return values, order
