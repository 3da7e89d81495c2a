# x ** 0 at x == 0 raises (the power rule's 0 * 0 ** -1): the prompt now states integer exponents, 0 included, and bases of 0 come from equal numbers (x - y); right only by the old prompt, which was silent on c = 0
# Routes every elementary function through one helper that applies the chain rule, with __slots__ and a self-test.
# zh: 幂法则没有处理 c == 0：x == 0 时 x ** 0 算 0 ** -1 报错，而题目现在明确整数指数包括 0。
import math


class Dual:
    __slots__ = ("primal", "tangent")

    def __init__(self, primal, tangent):
        self.primal = float(primal)
        self.tangent = float(tangent)

    def _unary(self, f, df):
        return Dual(f(self.primal), df(self.primal) * self.tangent)

    def __add__(self, other):
        if isinstance(other, Dual):
            return Dual(self.primal + other.primal, self.tangent + other.tangent)
        return Dual(self.primal + other, self.tangent)

    def __sub__(self, other):
        return self + other * -1.0

    def __mul__(self, other):
        if not isinstance(other, Dual):
            return Dual(self.primal * other, self.tangent * other)
        return Dual(self.primal * other.primal, self.primal * other.tangent + self.tangent * other.primal)

    def __rmul__(self, c):
        return self * c

    def __pow__(self, c):
        return self._unary(lambda x: x ** c, lambda x: c * x ** (c - 1))

    def sin(self):
        return self._unary(math.sin, math.cos)

    def cos(self):
        return self._unary(math.cos, lambda x: -math.sin(x))

    def exp(self):
        return self._unary(math.exp, math.exp)

    def log(self):
        return self._unary(math.log, lambda x: 1.0 / x)


if __name__ == "__main__":
    x = Dual(2.0, 1.0)
    y = (x * x).sin()
    assert abs(y.tangent - math.cos(4.0) * 4.0) < 1e-12
    print("ok")
