# d ** c computed through the exp/log identity on the tangent (tangent = c * p**c / p), multiplication via the ε²=0 expansion with __slots__
import math


class Dual:
    __slots__ = ("primal", "tangent")

    def __init__(self, primal, tangent=0.0):
        self.primal = float(primal)
        self.tangent = float(tangent)

    def _as_dual(self, x):
        return x if isinstance(x, Dual) else Dual(x)

    def __add__(self, x):
        x = self._as_dual(x)
        return Dual(self.primal + x.primal, self.tangent + x.tangent)

    def __radd__(self, x):
        return self._as_dual(x) + self

    def __sub__(self, x):
        x = self._as_dual(x)
        return self + Dual(-x.primal, -x.tangent)

    def __mul__(self, x):
        x = self._as_dual(x)
        a, b, c, d = self.primal, self.tangent, x.primal, x.tangent
        # (a + bε)(c + dε) = ac + (ad + bc)ε + bdε², and ε² = 0
        return Dual(a * c, a * d + b * c)

    def __rmul__(self, x):
        return self._as_dual(x) * self

    def __pow__(self, c):
        p = self.primal
        val = p ** c
        slope = c * val / p if p != 0.0 else c * p ** (c - 1)
        return Dual(val, slope * self.tangent)

    def sin(self):
        return Dual(math.sin(self.primal), math.cos(self.primal) * self.tangent)

    def cos(self):
        return Dual(math.cos(self.primal), -math.sin(self.primal) * self.tangent)

    def exp(self):
        e = math.exp(self.primal)
        return Dual(e, e * self.tangent)

    def log(self):
        return Dual(math.log(self.primal), self.tangent / self.primal)
