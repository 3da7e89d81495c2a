"""A tiny reverse-mode automatic differentiation engine for scalars (micrograd-style).

Implement `Value`, a scalar that remembers how it was computed:
- `Value(x)` wraps a Python float; `.data` is the float, `.grad` starts at 0.0.
- Operators build new Values: `a + b`, `a - b`, `a * b`, `-a` for Values a and b; `a + c` and
  `c * a` for a Python number c; `a ** c` for a number c (an int like 2, 3 or -1).
- Methods: `a.exp()`, `a.tanh()`, `a.relu()`.
- `out.backward()` sets out.grad = 1.0 and fills `.grad` of every Value that `out` depends on
  with d out / d value, for inputs and intermediate Values alike.

The grader builds random expression graphs with your class, calls backward() on the last node,
and compares every node's .data and .grad with torch's autograd in float64. The graphs reuse
nodes: a Value may feed several others (`x * x` uses x twice), and then its gradient is the
*sum* of what each use contributes. Call each node's local backward rule exactly once, and only
after every node that uses it has passed its gradient down (a topological order). Work with
plain Python floats (math.exp, math.tanh): no torch.
"""


class Value:
    def __init__(self, data):
        raise NotImplementedError

    def backward(self):
        raise NotImplementedError
