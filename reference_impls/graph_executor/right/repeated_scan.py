# O(n^2) repeated scan: run any not-yet-run node whose data and control predecessors have all run; no progress in a pass means a cycle
def solve(nodes, control_edges, feeds):
    preds = {n["name"]: set(n["inputs"]) for n in nodes}
    for before, after in control_edges:
        preds[after].add(before)
    pending = [n for n in nodes]
    done, order, values, mem = set(), [], {}, {}
    while pending:
        runnable = [n for n in pending if preds[n["name"]] <= done]
        if not runnable:
            raise ValueError("cycle detected among: " + ", ".join(sorted(n["name"] for n in pending)))
        n = runnable[0]
        x = [values[i] for i in n["inputs"]]
        kind = n["op"]
        if kind == "input":
            val = float(feeds[n["name"]])
        elif kind == "const":
            val = n["arg"]
        elif kind == "add":
            val = x[0] + x[1]
        elif kind == "mul":
            val = x[0] * x[1]
        elif kind == "neg":
            val = -x[0]
        elif kind == "assign":
            mem[n["arg"]] = val = x[0]
        elif kind == "read":
            val = mem.get(n["arg"], 0.0)
        else:
            raise ValueError("unknown op " + kind)
        values[n["name"]] = val
        order.append(n["name"])
        done.add(n["name"])
        pending.remove(n)
    return values, order
