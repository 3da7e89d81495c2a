# forgets the residual: x = layer(x) instead of x = x + layer(x)
# zh: 忘了残差：写成 x = layer(x) 而不是 x = x + layer(x)。
import torch
from torch import nn


class SharedStack(nn.Module):
    def __init__(self, dim: int, depth: int):
        super().__init__()
        block = nn.Sequential(nn.Linear(dim, dim), nn.Tanh())
        self.layers = nn.ModuleList([block] * depth)
        self.head = nn.Linear(dim, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for layer in self.layers:
            x = layer(x)
        return self.head(x)
