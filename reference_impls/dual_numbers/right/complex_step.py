# derivatives of sin/cos/exp/log obtained by the complex-step method (Im f(a + i*h) / h with h = 1e-30, exact to rounding, no subtraction), cmath instead of hand-written derivative rules; arithmetic rules by hand, immutable via __slots__ + __setattr__ guard
import cmath
import math

_H = 1e-30


def _cstep(fn, a, h=_H):
    z = fn(complex(a, h))
    return z.real, z.imag / h


class Dual:
    __slots__ = ("primal", "tangent")

    def __init__(self, primal, tangent):
        object.__setattr__(self, "primal", float(primal))
        object.__setattr__(self, "tangent", float(tangent))

    def __setattr__(self, name, value):
        raise AttributeError("Dual is immutable")

    @classmethod
    def _const(cls, c):
        return cls(c, 0.0)

    def __add__(self, other):
        o = other if isinstance(other, Dual) else Dual._const(other)
        return Dual(self.primal + o.primal, self.tangent + o.tangent)

    __radd__ = __add__

    def __sub__(self, other):
        o = other if isinstance(other, Dual) else Dual._const(other)
        return Dual(self.primal - o.primal, self.tangent - o.tangent)

    def __mul__(self, other):
        if not isinstance(other, Dual):
            return Dual(self.primal * other, self.tangent * other)
        return Dual(self.primal * other.primal, self.tangent * other.primal + self.primal * other.tangent)

    __rmul__ = __mul__

    @staticmethod
    def _fpow(a, c):
        # float64 power with IEEE results instead of Python exceptions
        try:
            r = a ** c
        except OverflowError:
            odd = c == int(c) and int(c) % 2 == 1
            return -math.inf if (odd and a < 0) else math.inf
        except ZeroDivisionError:
            odd = c == int(c) and int(c) % 2 == 1
            return -math.inf if (odd and math.copysign(1.0, a) < 0) else math.inf
        return math.nan if isinstance(r, complex) else r

    def __pow__(self, c):
        a = self.primal
        if c == 0:
            return Dual(1.0, 0.0)
        return Dual(Dual._fpow(a, c), c * Dual._fpow(a, c - 1) * self.tangent)

    def _via(self, fn, real_fn, relative=False):
        a = self.primal
        # log needs a step relative to a (atan2(h, a) / h ~ 1/a only while h << a); 2**-60 scaling is exact
        h = math.ldexp(abs(a), -60) if (relative and a > 0) else _H
        try:
            value, slope = _cstep(fn, a, h)
            value = real_fn(a)            # primal from the real function (bit-identical to math)
        except OverflowError:             # only exp overflows: e**a = inf, slope inf
            value = slope = math.inf
        except ValueError:                # log of a non-positive number
            value = -math.inf if a == 0 else math.nan
            slope = 1.0 / a if a != 0 else math.copysign(math.inf, a)
        return Dual(value, slope * self.tangent)

    def sin(self):
        return self._via(cmath.sin, math.sin)

    def cos(self):
        return self._via(cmath.cos, math.cos)

    def exp(self):
        return self._via(cmath.exp, math.exp)

    def log(self):
        return self._via(cmath.log, math.log, relative=True)
