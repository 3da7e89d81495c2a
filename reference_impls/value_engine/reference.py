import math


class Value:
    def __init__(self, data, parents=()):
        self.data = float(data)
        self.grad = 0.0
        self._parents = parents
        self._backward = lambda: None  # adds this node's grad into its parents' grads

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other))

        def backward():
            self.grad += out.grad
            other.grad += out.grad
        out._backward = backward
        return out

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other))

        def backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad
        out._backward = backward
        return out

    def __rmul__(self, c):
        return self * c

    def __neg__(self):
        return self * -1.0

    def __sub__(self, other):
        return self + (-other)

    def __pow__(self, c):
        out = Value(self.data ** c, (self,))

        def backward():
            self.grad += c * self.data ** (c - 1) * out.grad
        out._backward = backward
        return out

    def exp(self):
        out = Value(math.exp(self.data), (self,))

        def backward():
            self.grad += out.data * out.grad
        out._backward = backward
        return out

    def tanh(self):
        out = Value(math.tanh(self.data), (self,))

        def backward():
            self.grad += (1.0 - out.data ** 2) * out.grad
        out._backward = backward
        return out

    def relu(self):
        out = Value(max(self.data, 0.0), (self,))

        def backward():
            self.grad += (1.0 if self.data > 0 else 0.0) * out.grad
        out._backward = backward
        return out

    def backward(self):
        # Depth-first post-order: every node comes after all the nodes it depends on. An explicit
        # stack, not recursion: a chain thousands of nodes deep would pass Python's recursion limit.
        order, done, stack = [], set(), [(self, False)]
        while stack:
            v, parents_done = stack.pop()
            if id(v) in done:
                continue
            if parents_done:
                done.add(id(v))
                order.append(v)
                continue
            stack.append((v, True))
            stack.extend((p, False) for p in v._parents if id(p) not in done)
        self.grad = 1.0
        for v in reversed(order):  # consumers before producers
            v._backward()
