# Orders nodes by a creation counter (a parent is always created before its children) instead of a DFS.
import itertools
import math

_ids = itertools.count()


class Value:
    def __init__(self, data, parents=(), rule=None):
        self.data = float(data)
        self.grad = 0.0
        self._id = next(_ids)
        self._parents = parents
        self._rule = rule  # out.grad -> one contribution per parent

    @staticmethod
    def _lift(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = self._lift(other)
        return Value(self.data + other.data, (self, other), lambda g: (g, g))

    def __sub__(self, other):
        other = self._lift(other)
        return Value(self.data - other.data, (self, other), lambda g: (g, -g))

    def __mul__(self, other):
        other = self._lift(other)
        return Value(self.data * other.data, (self, other), lambda g: (other.data * g, self.data * g))

    __rmul__ = __mul__

    def __neg__(self):
        return Value(-self.data, (self,), lambda g: (-g,))

    def __pow__(self, c):
        return Value(self.data ** c, (self,), lambda g: (c * self.data ** (c - 1) * g,))

    def exp(self):
        e = math.exp(self.data)
        return Value(e, (self,), lambda g: (e * g,))

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, (self,), lambda g: ((1.0 - t * t) * g,))

    def relu(self):
        return Value(max(self.data, 0.0), (self,), lambda g: ((g if self.data > 0 else 0.0),))

    def backward(self):
        nodes, stack, seen = [], [self], {id(self)}
        while stack:  # collect everything reachable, in any order
            v = stack.pop()
            nodes.append(v)
            for p in v._parents:
                if id(p) not in seen:
                    seen.add(id(p))
                    stack.append(p)
        self.grad = 1.0
        for v in sorted(nodes, key=lambda n: n._id, reverse=True):  # newest first: consumers before producers
            if v._rule is not None:
                for p, contribution in zip(v._parents, v._rule(v.grad), strict=True):
                    p.grad += contribution
