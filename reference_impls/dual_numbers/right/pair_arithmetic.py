# Treats a dual number as a pair (a, b) with eps**2 = 0 and multiplies pairs, powers included, by that rule alone.
import math


def _mul(p, q):
    (a, b), (c, d) = p, q
    return a * c, a * d + b * c  # (a + b eps)(c + d eps), the eps**2 term dropped


class Dual:
    def __init__(self, primal, tangent):
        self.primal, self.tangent = float(primal), float(tangent)

    def pair(self):
        return self.primal, self.tangent

    @classmethod
    def of(cls, p):
        return cls(*p)

    def __add__(self, o):
        c, d = o.pair() if isinstance(o, Dual) else (o, 0.0)
        return Dual(self.primal + c, self.tangent + d)

    def __sub__(self, o):
        return Dual(self.primal - o.primal, self.tangent - o.tangent)

    def __mul__(self, o):
        return Dual.of(_mul(self.pair(), o.pair() if isinstance(o, Dual) else (o, 0.0)))

    __rmul__ = __mul__

    def __pow__(self, c):
        if isinstance(c, int) and c >= 0:  # repeated multiplication, exactly as the eps rule says
            acc = (1.0, 0.0)
            for _ in range(c):
                acc = _mul(acc, self.pair())
            return Dual.of(acc)
        return Dual(self.primal ** c, c * self.primal ** (c - 1) * self.tangent)

    def sin(self):
        return Dual(math.sin(self.primal), self.tangent * math.cos(self.primal))

    def cos(self):
        return Dual(math.cos(self.primal), -self.tangent * math.sin(self.primal))

    def exp(self):
        e = math.exp(self.primal)
        return Dual(e, self.tangent * e)

    def log(self):
        return Dual(math.log(self.primal), self.tangent / self.primal)
