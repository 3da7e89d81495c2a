# ModuleList filled with .append(block) in a loop; forward folds the residual with functools.reduce
import functools
import torch
from torch import nn


class SharedStack(nn.Module):
    def __init__(self, dim: int, depth: int):
        super().__init__()
        shared = nn.Sequential(nn.Linear(in_features=dim, out_features=dim), nn.Tanh())
        self.layers = nn.ModuleList()
        for _ in range(depth):
            self.layers.append(shared)
        self.head = nn.Linear(in_features=dim, out_features=1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.head(functools.reduce(lambda h, blk: h + blk(h), self.layers, x))
