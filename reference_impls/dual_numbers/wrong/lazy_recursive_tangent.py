# deep graphs: tangents are computed lazily by a recursive property (closures over the operands), so a chain a few thousand nodes deep raises RecursionError (and shared sub-expressions are recomputed)
# zh: 切向量在第一次读取时才递归计算：在数千个节点深的链上先读最后一个节点会触发 RecursionError。
import math


class Dual:
    def __init__(self, primal, tangent=None, *, _rule=None):
        self.primal = float(primal)
        self._tangent = None if tangent is None else float(tangent)
        self._rule = _rule

    @property
    def tangent(self):
        if self._tangent is None:
            self._tangent = float(self._rule())
        return self._tangent

    @staticmethod
    def _lazy(primal, rule):
        return Dual(primal, _rule=rule)

    def __add__(self, other):
        if isinstance(other, Dual):
            return Dual._lazy(self.primal + other.primal, lambda: self.tangent + other.tangent)
        return Dual._lazy(self.primal + other, lambda: self.tangent)

    __radd__ = __add__

    def __sub__(self, other):
        return Dual._lazy(self.primal - other.primal, lambda: self.tangent - other.tangent)

    def __mul__(self, other):
        if isinstance(other, Dual):
            return Dual._lazy(self.primal * other.primal,
                              lambda: self.tangent * other.primal + self.primal * other.tangent)
        return Dual._lazy(self.primal * other, lambda: self.tangent * other)

    __rmul__ = __mul__

    def __pow__(self, c):
        if c == 0:
            return Dual(1.0, 0.0)
        return Dual._lazy(self.primal ** c, lambda: c * self.primal ** (c - 1) * self.tangent)

    def sin(self):
        return Dual._lazy(math.sin(self.primal), lambda: math.cos(self.primal) * self.tangent)

    def cos(self):
        return Dual._lazy(math.cos(self.primal), lambda: -math.sin(self.primal) * self.tangent)

    def exp(self):
        e = math.exp(self.primal)
        return Dual._lazy(e, lambda: e * self.tangent)

    def log(self):
        return Dual._lazy(math.log(self.primal), lambda: self.tangent / self.primal)
