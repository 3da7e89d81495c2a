# Builds a new block per slot in a comprehension: same shapes, but depth separate sets of weights.
from torch import nn


class SharedStack(nn.Module):
    def __init__(self, dim, depth):
        super().__init__()
        self.layers = nn.ModuleList([nn.Sequential(nn.Linear(dim, dim), nn.Tanh()) for _ in range(depth)])
        self.head = nn.Linear(dim, 1)

    def forward(self, x):
        for layer in self.layers:
            x = x + layer(x)
        return self.head(x)
