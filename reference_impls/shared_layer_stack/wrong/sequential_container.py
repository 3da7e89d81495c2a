# `layers` is an nn.Sequential of the shared block instead of the nn.ModuleList the prompt requires (same keys, wrong container type)
# zh: `layers` 是共享 block 的 nn.Sequential，而不是题目要求的 nn.ModuleList（键相同，容器类型错误）。
import torch
from torch import nn


class SharedStack(nn.Module):
    def __init__(self, dim: int, depth: int):
        super().__init__()
        block = nn.Sequential(nn.Linear(dim, dim), nn.Tanh())
        self.layers = nn.Sequential(*([block] * depth))
        self.head = nn.Linear(dim, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for layer in self.layers:
            x = x + layer(x)
        return self.head(x)
