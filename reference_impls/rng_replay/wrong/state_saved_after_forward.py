# saves the RNG state after the first forward instead of before: the second forward draws fresh masks
# zh: 在第一次前向之后才保存 RNG 状态：第二次前向取到新的 mask。
import torch
from torch import nn


def replay(model: nn.Module, x: torch.Tensor, gen: torch.Generator
           ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
    y1 = model(x)
    state = torch.get_rng_state()
    torch.set_rng_state(state)
    y2 = model(x)
    gstate = gen.get_state()
    noise1 = torch.randn(x.shape, generator=gen)
    gen.set_state(gstate)
    noise2 = torch.randn(x.shape, generator=gen)
    return y1, y2, noise1, noise2
