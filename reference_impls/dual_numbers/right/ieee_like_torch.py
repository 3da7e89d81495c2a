# IEEE-style edge handling like torch (exp/pow overflow -> inf, 0 ** negative -> inf, log(0) -> -inf, log(<0) -> nan, x ** 0 -> tangent 0), __slots__, rule table for the unary methods, a - b built as a + (-1) * b
import math

_INF = float("inf")
_NAN = float("nan")


def _mul(a, b):
    # IEEE product of floats (Python float * never raises)
    return a * b


def _pow(a, c):
    try:
        r = a ** c
    except ZeroDivisionError:            # 0.0 ** negative
        if c == int(c) and int(c) % 2 and math.copysign(1.0, a) < 0:
            return -_INF
        return _INF
    except OverflowError:
        neg = a < 0 and c == int(c) and int(c) % 2 == 1
        return -_INF if neg else _INF
    if isinstance(r, complex):           # negative base, fractional exponent
        return _NAN
    return r


def _exp(a):
    try:
        return math.exp(a)
    except OverflowError:
        return _INF


def _log(a):
    if a > 0 or math.isinf(a) and a > 0:
        return math.log(a)
    if a == 0:
        return -_INF
    return _NAN


_RULES = {
    # name: (value, derivative given (x, value))
    "sin": (math.sin, lambda x, v: math.cos(x)),
    "cos": (math.cos, lambda x, v: -math.sin(x)),
    "exp": (_exp, lambda x, v: v),
}


class Dual:
    __slots__ = ("primal", "tangent")

    def __init__(self, primal, tangent):
        self.primal = float(primal)
        self.tangent = float(tangent)

    def __repr__(self):
        return f"Dual({self.primal!r}, {self.tangent!r})"

    def __add__(self, other):
        if isinstance(other, Dual):
            return Dual(self.primal + other.primal, self.tangent + other.tangent)
        return Dual(self.primal + other, self.tangent)

    def __radd__(self, other):
        return self.__add__(other)

    def __mul__(self, other):
        if isinstance(other, Dual):
            return Dual(_mul(self.primal, other.primal),
                        _mul(self.tangent, other.primal) + _mul(self.primal, other.tangent))
        return Dual(_mul(self.primal, other), _mul(self.tangent, other))

    def __rmul__(self, other):
        return self.__mul__(other)

    def __sub__(self, other):
        return self + (-1) * other

    def __pow__(self, c):
        value = _pow(self.primal, c)
        if c == 0:
            return Dual(value, 0.0)
        return Dual(value, c * _pow(self.primal, c - 1) * self.tangent)

    def _unary(self, name):
        f, df = _RULES[name]
        v = f(self.primal)
        return Dual(v, df(self.primal, v) * self.tangent)

    def sin(self):
        return self._unary("sin")

    def cos(self):
        return self._unary("cos")

    def exp(self):
        return self._unary("exp")

    def log(self):
        return Dual(_log(self.primal), self.tangent / self.primal if self.primal != 0
                    else (_NAN if self.tangent == 0 else math.copysign(_INF, self.tangent)))
