# in-place residual x += layer(x): modifies the caller's input tensor (and breaks autograd when x requires grad)
# zh: 原地残差 x += layer(x)：修改了调用方的输入张量（x 需要梯度时还会破坏自动求导）。
import torch
from torch import nn


class SharedStack(nn.Module):
    def __init__(self, dim: int, depth: int):
        super().__init__()
        block = nn.Sequential(nn.Linear(dim, dim), nn.Tanh())
        self.layers = nn.ModuleList([block for _ in range(depth)])
        self.head = nn.Linear(dim, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for layer in self.layers:
            x += layer(x)
        return self.head(x)
