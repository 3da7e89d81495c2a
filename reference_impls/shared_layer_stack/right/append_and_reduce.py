# Appends the one block depth times and folds the residual steps with functools.reduce.
import functools

import torch
from torch import nn


class SharedStack(nn.Module):
    def __init__(self, dim: int, depth: int):
        super().__init__()
        shared = nn.Sequential(nn.Linear(dim, dim), nn.Tanh())
        self.layers = nn.ModuleList()
        for _ in range(depth):
            self.layers.append(shared)
        self.head = nn.Linear(dim, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = functools.reduce(lambda h, layer: h + layer(h), self.layers, x)
        return self.head(x)


if __name__ == "__main__":
    m = SharedStack(4, 3)
    print(len(list(m.parameters())), m(torch.randn(2, 4)).shape)
