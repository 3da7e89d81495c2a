# draws the noise with torch.randn_like(x, generator=gen): takes x's dtype (float64 x -> float64 noise, different numbers and RNG consumption) instead of torch.randn(x.shape)
# zh: 用 torch.randn_like(x, generator=gen) 取噪声：沿用 x 的 dtype（float64 的 x 得到 float64 噪声，数值和随机数消耗都不同），而不是 torch.randn(x.shape)。
import torch
from torch import nn


def replay(model: nn.Module, x: torch.Tensor, gen: torch.Generator
           ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
    state = torch.get_rng_state()
    y1 = model(x)
    torch.set_rng_state(state)
    y2 = model(x)
    gstate = gen.get_state()
    noise1 = torch.randn_like(x, generator=gen)
    gen.set_state(gstate)
    noise2 = torch.randn_like(x, generator=gen)
    return y1, y2, noise1, noise2
