"""Execute a computation graph: data edges, control edges, topological order, cycle detection.

A graph is given as plain data:
- `nodes`: a list of dicts {"name": str, "op": str, "inputs": [names], "arg": value}, in no
  particular order. Each name in "inputs" is a data edge: that node's value flows into this one.
- `control_edges`: a list of [before, after] pairs: `after` must run after `before` even though
  no value flows between them (as for a read that must see an earlier write).
- `feeds`: {name: float} for the nodes whose op is "input".

Ops: "input" (its value is feeds[name]), "const" (its value is arg), "add" and "mul" (of its two
inputs, in order), "neg" (of its one input), "assign" (stores its one input's value in the
variable named arg, and that is also its value), "read" (its value is the current value of the
variable named arg; variables start at 0.0).

Implement `solve(nodes, control_edges, feeds)` returning `(values, order)`: `order` lists every
node name once, in the order you ran them, which must respect every data and control edge; and
`values` maps every name to the value it computed when it ran. If the edges (data and control
together) contain a cycle, no order exists: raise ValueError with a message that contains the
word "cycle" (naming the nodes involved helps the user of your executor).
"""


def solve(nodes, control_edges, feeds):
    raise NotImplementedError
