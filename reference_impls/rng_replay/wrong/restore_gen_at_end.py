# restores gen to its saved state before returning: gen ends un-advanced instead of one draw later
# zh: 返回前把 gen 恢复到保存的状态：gen 停在未前进的位置，而不是一次采样之后。
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
    gen.set_state(gstate)
    return y1, y2, noise1, noise2
