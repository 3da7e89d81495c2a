# list comprehension builds `depth` independent blocks: no sharing, parameters() yields 2*depth + 2 tensors
# zh: 列表推导式构造了 depth 个相互独立的 block：没有共享，parameters() 产出 2*depth + 2 个张量。
import torch
from torch import nn


class SharedStack(nn.Module):
    def __init__(self, dim: int, depth: int):
        super().__init__()
        self.layers = nn.ModuleList([nn.Sequential(nn.Linear(dim, dim), nn.Tanh()) for _ in range(depth)])
        self.head = nn.Linear(dim, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for layer in self.layers:
            x = x + layer(x)
        return self.head(x)
