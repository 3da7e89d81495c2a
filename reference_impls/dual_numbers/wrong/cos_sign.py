# Forgets the minus sign in d cos(u) = -sin(u) du.
# zh: 漏了 d cos(u) = -sin(u) du 里的负号。
import math


class Dual:
    def __init__(self, primal, tangent):
        self.primal, self.tangent = float(primal), float(tangent)

    @staticmethod
    def lift(x):
        return x if isinstance(x, Dual) else Dual(x, 0.0)  # a constant does not move

    def __add__(self, o):
        o = self.lift(o)
        return Dual(self.primal + o.primal, self.tangent + o.tangent)

    def __sub__(self, o):
        o = self.lift(o)
        return Dual(self.primal - o.primal, self.tangent - o.tangent)

    def __mul__(self, o):
        o = self.lift(o)
        return Dual(self.primal * o.primal, self.tangent * o.primal + self.primal * o.tangent)

    __rmul__ = __mul__

    def __pow__(self, c):
        return Dual(self.primal ** c, c * self.primal ** (c - 1) * self.tangent)

    def sin(self):
        return Dual(math.sin(self.primal), math.cos(self.primal) * self.tangent)

    def cos(self):
        return Dual(math.cos(self.primal), math.sin(self.primal) * self.tangent)

    def exp(self):
        e = math.exp(self.primal)
        return Dual(e, e * self.tangent)

    def log(self):
        return Dual(math.log(self.primal), self.tangent / self.primal)
