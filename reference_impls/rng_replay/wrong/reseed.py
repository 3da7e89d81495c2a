# reseeds with torch.manual_seed(0) before each forward to get identical masks: y1 is not drawn from the RNG state as found
# zh: 每次前向前用 torch.manual_seed(0) 重新设种子以得到相同的 mask：y1 不是从拿到时的 RNG 状态取的。
import torch
from torch import nn


def replay(model: nn.Module, x: torch.Tensor, gen: torch.Generator
           ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
    torch.manual_seed(0)
    y1 = model(x)
    torch.manual_seed(0)
    y2 = model(x)
    gstate = gen.get_state()
    noise1 = torch.randn(x.shape, generator=gen)
    gen.set_state(gstate)
    noise2 = torch.randn(x.shape, generator=gen)
    return y1, y2, noise1, noise2
