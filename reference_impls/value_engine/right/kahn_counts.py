# Kahn's algorithm: counts each node's consumers and releases a node once all of them have passed gradient down.
import math
from collections import deque


class Value:
    def __init__(self, data, _inputs=(), _local=()):
        self.data = float(data)
        self.grad = 0.0
        self._inputs = _inputs  # parents
        self._local = _local  # d self / d parent, one per parent

    def _other(self, x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, x):
        x = self._other(x)
        return Value(self.data + x.data, (self, x), (1.0, 1.0))

    def __sub__(self, x):
        x = self._other(x)
        return Value(self.data - x.data, (self, x), (1.0, -1.0))

    def __mul__(self, x):
        x = self._other(x)
        return Value(self.data * x.data, (self, x), (x.data, self.data))

    def __rmul__(self, c):
        return self * c

    def __neg__(self):
        return Value(-self.data, (self,), (-1.0,))

    def __pow__(self, c):
        return Value(self.data ** c, (self,), (c * self.data ** (c - 1),))

    def exp(self):
        e = math.exp(self.data)
        return Value(e, (self,), (e,))

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, (self,), (1.0 - t ** 2,))

    def relu(self):
        return Value(max(0.0, self.data), (self,), (1.0 if self.data > 0 else 0.0,))

    def backward(self):
        consumers = {id(self): 0}
        todo, seen = [self], {id(self)}
        while todo:
            v = todo.pop()
            for p in v._inputs:
                consumers[id(p)] = consumers.get(id(p), 0) + 1
                if id(p) not in seen:
                    seen.add(id(p))
                    todo.append(p)
        self.grad = 1.0
        ready = deque([self])
        while ready:
            v = ready.popleft()
            for p, d in zip(v._inputs, v._local, strict=True):
                p.grad += d * v.grad
                consumers[id(p)] -= 1
                if consumers[id(p)] == 0:
                    ready.append(p)


if __name__ == "__main__":
    x = Value(3.0)
    y = x * x + x.exp()
    y.backward()
    print(x.grad, 2 * 3.0 + math.exp(3.0))
