# registers the block in ONE slot and loops depth times in forward: outputs are right but state_dict lacks layers.1.*, ... and len(layers) == 1
# zh: 只在一个槽位注册 block，forward 中循环 depth 次：输出正确，但 state_dict 缺少 layers.1.* 等键，len(layers) == 1。
import torch
from torch import nn


class SharedStack(nn.Module):
    def __init__(self, dim: int, depth: int):
        super().__init__()
        self.depth = depth
        self.layers = nn.ModuleList([nn.Sequential(nn.Linear(dim, dim), nn.Tanh())])
        self.head = nn.Linear(dim, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for _ in range(self.depth):
            x = x + self.layers[0](x)
        return self.head(x)
