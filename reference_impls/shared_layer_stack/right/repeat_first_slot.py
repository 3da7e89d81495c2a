# Fills the ModuleList with itertools.repeat and runs the first slot len(layers) times in forward.
import itertools

import torch
from torch import nn


class SharedStack(nn.Module):
    def __init__(self, dim: int, depth: int):
        super().__init__()
        block = nn.Sequential(nn.Linear(dim, dim), nn.Tanh())
        self.layers = nn.ModuleList(itertools.repeat(block, depth))
        self.head = nn.Linear(dim, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        block = self.layers[0]  # every slot is this same object
        for _ in range(len(self.layers)):
            x = x + block(x)
        return self.head(x)
