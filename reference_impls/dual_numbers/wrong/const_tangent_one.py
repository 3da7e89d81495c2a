# lifts a Python constant to Dual(c, 1.0) (as if seeding it) instead of tangent 0
# zh: 把 Python 常数提升为 Dual(c, 1.0)（像种子输入一样），而不是切向量 0。
import math


class Dual:
    def __init__(self, primal, tangent):
        self.primal = float(primal)
        self.tangent = float(tangent)

    def __repr__(self):
        return f"Dual({self.primal}, {self.tangent})"

    @staticmethod
    def _lift(o):
        return o if isinstance(o, Dual) else Dual(o, 1.0)

    def __add__(self, other):
        other = Dual._lift(other)
        return Dual(self.primal + other.primal, self.tangent + other.tangent)

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        other = Dual._lift(other)
        return Dual(self.primal - other.primal, self.tangent - other.tangent)

    def __mul__(self, other):
        other = Dual._lift(other)
        return Dual(self.primal * other.primal,
                    self.tangent * other.primal + self.primal * other.tangent)

    def __rmul__(self, other):
        return self * other

    def __pow__(self, c):
        return Dual(self.primal ** c, c * self.primal ** (c - 1) * self.tangent)

    def sin(self):
        return Dual(math.sin(self.primal), math.cos(self.primal) * self.tangent)

    def cos(self):
        return Dual(math.cos(self.primal), -math.sin(self.primal) * self.tangent)

    def exp(self):
        e = math.exp(self.primal)
        return Dual(e, e * self.tangent)

    def log(self):
        return Dual(math.log(self.primal), self.tangent / self.primal)
