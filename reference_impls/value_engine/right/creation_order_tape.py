# Wengert tape: every Value gets a global creation number; creation order is a topological order, so backward just sorts reachable nodes by it
import itertools
import math

_counter = itertools.count()


class Value:
    def __init__(self, data, children=(), rule=None):
        self.data = float(data)
        self.grad = 0.0
        self.children = children
        self.rule = rule                 # rule(out_grad) -> tuple of grads for children
        self.tick = next(_counter)

    def _wrap(self, other):
        return other if isinstance(other, Value) else Value(other)

    def __add__(self, other):
        other = self._wrap(other)
        return Value(self.data + other.data, (self, other), lambda g: (g, g))

    def __radd__(self, other):
        return self._wrap(other).__add__(self)

    def __mul__(self, other):
        other = self._wrap(other)
        a, b = self.data, other.data
        return Value(a * b, (self, other), lambda g: (b * g, a * g))

    def __rmul__(self, other):
        return self._wrap(other).__mul__(self)

    def __neg__(self):
        return Value(-self.data, (self,), lambda g: (-g,))

    def __sub__(self, other):
        other = self._wrap(other)
        return Value(self.data - other.data, (self, other), lambda g: (g, -g))

    def __pow__(self, c):
        a = self.data
        return Value(a ** c, (self,), lambda g: (c * a ** (c - 1) * g,))

    def exp(self):
        e = math.exp(self.data)
        return Value(e, (self,), lambda g: (e * g,))

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, (self,), lambda g: ((1 - t ** 2) * g,))

    def relu(self):
        on = self.data > 0
        return Value(self.data if on else 0.0, (self,), lambda g: (g if on else 0.0,))

    def backward(self):
        reach, stack = {}, [self]
        while stack:
            v = stack.pop()
            if id(v) not in reach:
                reach[id(v)] = v
                stack.extend(v.children)
        self.grad = 1.0
        for v in sorted(reach.values(), key=lambda n: n.tick, reverse=True):
            if v.rule is not None:
                for c, g in zip(v.children, v.rule(v.grad)):
                    c.grad += g
