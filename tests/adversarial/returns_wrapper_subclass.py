import torch
from torch.utils._pytree import tree_map


class Lazy(torch.Tensor):
    """A wrapper subclass: no storage of its own, every op dispatched to Python."""

    @staticmethod
    def __new__(cls, inner):
        return torch.Tensor._make_wrapper_subclass(cls, inner.shape, dtype=inner.dtype)

    def __init__(self, inner):
        self.inner = inner

    @classmethod
    def __torch_dispatch__(cls, func, types, args=(), kwargs=None):
        unwrap = lambda x: x.inner if isinstance(x, Lazy) else x  # noqa: E731
        return func(*tree_map(unwrap, args), **tree_map(unwrap, kwargs or {}))


def solve(a, b):
    return Lazy((a.unsqueeze(-1) * b.unsqueeze(-3)).sum(dim=-2))
