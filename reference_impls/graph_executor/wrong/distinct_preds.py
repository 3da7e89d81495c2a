# Counts distinct predecessors but decrements per edge: a control edge parallel to a data edge releases early.
# zh: 统计的是不同前驱的个数，递减时却按边计：与数据边平行的控制边会让节点提前就绪。
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
    preds = {name: set(n["inputs"]) for name, n in by_name.items()}
    edges = [(src, n["name"]) for n in nodes for src in n["inputs"]] + [tuple(e) for e in control_edges]
    for before, after in control_edges:
        preds[after].add(before)
    left = {name: len(p) for name, p in preds.items()}
    ready = [name for name, k in left.items() if k == 0]
    values, variables, order = {}, {}, []
    while ready:
        name = ready.pop(0)
        values[name] = _run(by_name[name], values, variables, feeds)
        order.append(name)
        for src, dst in edges:
            if src == name:
                left[dst] -= 1
                if left[dst] == 0:
                    ready.append(dst)
    if len(order) != len(nodes):
        raise ValueError("cycle detected")
    return values, order
