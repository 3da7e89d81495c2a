import torch


class Sneaky(torch.Tensor):
    pass


def solve(a, b):
    return (a.unsqueeze(-1) * b.unsqueeze(-3)).sum(dim=-2).as_subclass(Sneaky)
