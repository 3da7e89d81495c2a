# slots registered with ModuleList.add_module(str(i), block) and forward indexes self.layers[i] with torch.add
import torch
from torch import nn


class SharedStack(nn.Module):
    def __init__(self, dim: int, depth: int):
        super().__init__()
        self.layers = nn.ModuleList()
        block = nn.Sequential(nn.Linear(dim, dim), nn.Tanh())
        for i in range(depth):
            self.layers.add_module(str(i), block)
        self.head = nn.Linear(dim, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for i in range(len(self.layers)):
            x = torch.add(x, self.layers[i](x))
        return self.head(x)
