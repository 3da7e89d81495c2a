# replays the generator draw with torch.get_rng_state/set_rng_state (the GLOBAL state): gen is not rewound, noise2 != noise1, gen ends two draws later
# zh: 用 torch.get_rng_state/set_rng_state（全局状态）重放生成器的采样：gen 没有倒回，noise2 != noise1，gen 最后多走了一次。
import torch
from torch import nn


def replay(model: nn.Module, x: torch.Tensor, gen: torch.Generator
           ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
    state = torch.get_rng_state()
    y1 = model(x)
    torch.set_rng_state(state)
    y2 = model(x)
    gstate = torch.get_rng_state()
    noise1 = torch.randn(x.shape, generator=gen)
    torch.set_rng_state(gstate)
    noise2 = torch.randn(x.shape, generator=gen)
    return y1, y2, noise1, noise2
