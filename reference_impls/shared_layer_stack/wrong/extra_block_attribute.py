# also keeps the block as self.block: an extra submodule name, extra state_dict keys (block.0.weight ...) and named_modules entry
# zh: 另外把 block 存为 self.block：多出一个子模块名，state_dict 多出 block.0.weight 等键，named_modules 也多一项。
import torch
from torch import nn


class SharedStack(nn.Module):
    def __init__(self, dim: int, depth: int):
        super().__init__()
        self.block = nn.Sequential(nn.Linear(dim, dim), nn.Tanh())
        self.layers = nn.ModuleList([self.block] * depth)
        self.head = nn.Linear(dim, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for layer in self.layers:
            x = x + layer(x)
        return self.head(x)
