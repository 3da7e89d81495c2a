import math


class Dual:
    def __init__(self, primal, tangent):
        self.primal = float(primal)
        self.tangent = float(tangent)

    def __add__(self, other):
        if isinstance(other, Dual):
            return Dual(self.primal + other.primal, self.tangent + other.tangent)
        return Dual(self.primal + other, self.tangent)  # a constant moves nothing

    def __sub__(self, other):
        return Dual(self.primal - other.primal, self.tangent - other.tangent)

    def __mul__(self, other):
        if isinstance(other, Dual):  # product rule: (uv)' = u'v + uv'
            return Dual(self.primal * other.primal, self.tangent * other.primal + self.primal * other.tangent)
        return Dual(self.primal * other, self.tangent * other)

    __rmul__ = __mul__

    def __pow__(self, c):
        # d(x^c) = c * x^(c-1) * x'; for c == 0 the power is the constant 1 (0 ** -1 would raise at x == 0)
        return Dual(self.primal ** c, c * self.primal ** (c - 1) * self.tangent if c != 0 else 0.0)

    # Chain rule: (f(u))' = f'(u) * u'
    def sin(self):
        return Dual(math.sin(self.primal), math.cos(self.primal) * self.tangent)

    def cos(self):
        return Dual(math.cos(self.primal), -math.sin(self.primal) * self.tangent)

    def exp(self):
        e = math.exp(self.primal)
        return Dual(e, e * self.tangent)

    def log(self):
        return Dual(math.log(self.primal), self.tangent / self.primal)
