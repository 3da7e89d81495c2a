# y1 inside torch.random.fork_rng() (which restores the global state on exit), y2 outside; gen replayed through a second Generator seeded with gen's state
import torch
from torch import nn


def replay(model: nn.Module, x: torch.Tensor, gen: torch.Generator):
    with torch.random.fork_rng(devices=[]):
        y1 = model(x)
    y2 = model(x)                          # same masks; leaves the global RNG one forward later
    twin = torch.Generator(device=gen.device)
    twin.set_state(gen.get_state())
    noise1 = torch.randn(x.shape, generator=gen)
    noise2 = torch.randn(x.shape, generator=twin)
    return y1, y2, noise1, noise2
