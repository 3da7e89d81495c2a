# registers `head` before `layers` (state_dict / named_modules list head first); block built once and repeated with itertools.repeat
import itertools
import torch
from torch import nn


class SharedStack(nn.Module):
    def __init__(self, dim: int, depth: int):
        super().__init__()
        self.head = nn.Linear(dim, 1)
        block = nn.Sequential(nn.Linear(dim, dim), nn.Tanh())
        self.layers = nn.ModuleList(itertools.repeat(block, depth))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for layer in self.layers:
            x = x + layer(x)
        return self.head(x)
