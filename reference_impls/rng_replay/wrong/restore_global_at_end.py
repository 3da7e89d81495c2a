# tidies up by restoring the saved global RNG state before returning: the global RNG ends where it started, not one forward later
# zh: 返回前把全局 RNG 恢复到保存的状态：全局 RNG 停在起点，而不是一次前向之后。
import torch
from torch import nn


def replay(model: nn.Module, x: torch.Tensor, gen: torch.Generator
           ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
    state = torch.get_rng_state()
    y1 = model(x)
    torch.set_rng_state(state)
    y2 = model(x)
    gstate = gen.get_state()
    noise1 = torch.randn(x.shape, generator=gen)
    gen.set_state(gstate)
    noise2 = torch.randn(x.shape, generator=gen)
    torch.set_rng_state(state)
    return y1, y2, noise1, noise2
