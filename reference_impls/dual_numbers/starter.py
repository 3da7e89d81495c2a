"""Forward-mode automatic differentiation with dual numbers.

A dual number a + b·ε (with ε² = 0) carries a value and a directional derivative together:
f(a + b·ε) = f(a) + f'(a)·b·ε. Seed each input with a tangent (the direction), evaluate the
function once on dual numbers, and the output's tangent is the Jacobian-vector product J·v.

Implement `Dual`:
- `Dual(primal, tangent)` holds two Python floats, `.primal` and `.tangent`.
- Operators return new Duals: `a + b`, `a - b`, `a * b` for Duals a and b; `a + c` and `c * a`
  for a Python number c (a constant: its tangent is 0); `a ** c` for a number c (e.g. 2, 3, -1).
- Methods: `a.sin()`, `a.cos()`, `a.exp()`, `a.log()`.

The grader builds random expressions with your class and compares every node's .primal and
.tangent with torch.func.jvp of the same expression, in float64. Use plain Python floats and the
math module: no torch.
"""


class Dual:
    def __init__(self, primal, tangent):
        raise NotImplementedError
