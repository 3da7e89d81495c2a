# x ** 0 at x == 0 raises (the power rule's 0 * 0 ** -1): the prompt now states integer exponents, 0 included, and bases of 0 come from equal numbers (x - y); right only by the old prompt, which was silent on c = 0
# Dual is an immutable NamedTuple subclass; rules come from a table of (f, f') pairs and a generic chain rule
# zh: 幂法则没有处理 c == 0：x == 0 时 x ** 0 算 0 ** -1 报错，而题目现在明确整数指数包括 0。
import math
from typing import NamedTuple


class _DualBase(NamedTuple):
    primal: float
    tangent: float


_RULES = {
    "sin": (math.sin, math.cos),
    "cos": (math.cos, lambda p: -math.sin(p)),
    "exp": (math.exp, math.exp),
    "log": (math.log, lambda p: 1.0 / p),
}


class Dual(_DualBase):
    def __new__(cls, primal, tangent):
        return super().__new__(cls, float(primal), float(tangent))

    def _chain(self, name):
        f, df = _RULES[name]
        return Dual(f(self.primal), df(self.primal) * self.tangent)

    def sin(self): return self._chain("sin")
    def cos(self): return self._chain("cos")
    def exp(self): return self._chain("exp")
    def log(self): return self._chain("log")

    def __add__(self, o):
        if isinstance(o, Dual):
            return Dual(self.primal + o.primal, self.tangent + o.tangent)
        return Dual(self.primal + o, self.tangent)

    __radd__ = __add__

    def __sub__(self, o):
        if isinstance(o, Dual):
            return Dual(self.primal - o.primal, self.tangent - o.tangent)
        return Dual(self.primal - o, self.tangent)

    def __rsub__(self, o):
        return Dual(o - self.primal, -self.tangent)

    def __mul__(self, o):
        if isinstance(o, Dual):
            return Dual(self.primal * o.primal, self.primal * o.tangent + o.primal * self.tangent)
        return Dual(self.primal * o, self.tangent * o)

    __rmul__ = __mul__

    def __neg__(self):
        return Dual(-self.primal, -self.tangent)

    def __pow__(self, c):
        return Dual(self.primal ** c, c * self.primal ** (c - 1) * self.tangent)
