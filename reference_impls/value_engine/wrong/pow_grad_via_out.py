# Writes d(x**c)/dx as c * out / x, which divides by zero at x = 0 where the true gradient is 0.
# zh: 把 d(x**c)/dx 写成 c * out / x，在 x = 0 处会除以零，而那里真实的梯度是 0。
import math


class Value:
    def __init__(self, data, parents=(), local=()):
        self.data, self.grad = float(data), 0.0
        self.parents, self.local = parents, local  # local[i] = d self / d parents[i]

    def __add__(self, o):
        o = o if isinstance(o, Value) else Value(o)
        return Value(self.data + o.data, (self, o), (1.0, 1.0))

    def __sub__(self, o):
        return Value(self.data - o.data, (self, o), (1.0, -1.0))

    def __mul__(self, o):
        o = o if isinstance(o, Value) else Value(o)
        return Value(self.data * o.data, (self, o), (o.data, self.data))

    __rmul__ = __mul__

    def __neg__(self):
        return Value(-self.data, (self,), (-1.0,))

    def __pow__(self, c):
        out = self.data ** c
        return Value(out, (self,), (c * out / self.data,))

    def exp(self):
        e = math.exp(self.data)
        return Value(e, (self,), (e,))

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, (self,), (1.0 - t * t,))

    def relu(self):
        return Value(max(self.data, 0.0), (self,), (1.0 if self.data > 0 else 0.0,))

    def backward(self):
        topo, seen = [], set()

        def visit(v):
            if v not in seen:
                seen.add(v)
                for p in v.parents:
                    visit(p)
                topo.append(v)
        visit(self)
        self.grad = 1.0
        for v in reversed(topo):
            for p, d in zip(v.parents, v.local, strict=True):
                p.grad += d * v.grad
