# each node stores (parent, local_derivative) pairs at build time; backward is Kahn's algorithm over consumer counts (no closures, no DFS)
import math


class Value:
    __slots__ = ("data", "grad", "_parents")

    def __init__(self, data, _parents=()):
        self.data = float(data)
        self.grad = 0.0
        self._parents = tuple(_parents)          # ((Value, d self / d parent), ...)

    @staticmethod
    def _lift(o):
        return o if isinstance(o, Value) else Value(o)

    def __add__(self, o):
        o = Value._lift(o)
        return Value(self.data + o.data, ((self, 1.0), (o, 1.0)))

    __radd__ = __add__

    def __sub__(self, o):
        o = Value._lift(o)
        return Value(self.data - o.data, ((self, 1.0), (o, -1.0)))

    def __rsub__(self, o):
        return Value._lift(o) - self

    def __mul__(self, o):
        o = Value._lift(o)
        return Value(self.data * o.data, ((self, o.data), (o, self.data)))

    __rmul__ = __mul__

    def __neg__(self):
        return Value(-self.data, ((self, -1.0),))

    def __pow__(self, c):
        return Value(self.data ** c, ((self, c * self.data ** (c - 1)),))

    def exp(self):
        e = math.exp(self.data)
        return Value(e, ((self, e),))

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, ((self, 1.0 - t * t),))

    def relu(self):
        return Value(max(self.data, 0.0), ((self, 1.0 if self.data > 0 else 0.0),))

    def backward(self):
        consumers = {id(self): 0}
        nodes = {id(self): self}
        todo = [self]
        while todo:                               # count, for every node, how many uses feed it
            v = todo.pop()
            for p, _ in v._parents:
                if id(p) not in nodes:
                    nodes[id(p)] = p
                    consumers[id(p)] = 0
                    todo.append(p)
                consumers[id(p)] += 1
        self.grad = 1.0
        ready = [self]
        while ready:
            v = ready.pop()
            for p, local in v._parents:
                p.grad += local * v.grad
                consumers[id(p)] -= 1
                if consumers[id(p)] == 0:
                    ready.append(p)
