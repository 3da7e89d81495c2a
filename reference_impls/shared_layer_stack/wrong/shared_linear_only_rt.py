# shares the Linear but wraps it in a NEW Sequential (with a new Tanh) per slot: weights shared, yet the slots are not the same module instance
# zh: 只共享 Linear，每个槽位都新建一个 Sequential（和新的 Tanh）：权重共享，但各槽位不是同一个模块实例。
import torch
from torch import nn


class SharedStack(nn.Module):
    def __init__(self, dim: int, depth: int):
        super().__init__()
        lin = nn.Linear(dim, dim)
        self.layers = nn.ModuleList([nn.Sequential(lin, nn.Tanh()) for _ in range(depth)])
        self.head = nn.Linear(dim, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for layer in self.layers:
            x = x + layer(x)
        return self.head(x)
