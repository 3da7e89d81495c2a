# Clips with torch.clamp(g, min, max, out=g) inside the hook: the same in-place write into the hook's argument.
# zh: 在 hook 里用 torch.clamp(g, min, max, out=g) 裁剪，本质上同样是原地写入 hook 的参数。
import torch
from torch.nn import functional as F


def accumulate_clipped(model, batches, clip):
    handles = []
    for p in model.parameters():
        handles.append(p.register_hook(lambda g: torch.clamp(g, -clip, clip, out=g)))
    for x, y in batches:
        F.mse_loss(model(x), y).backward()
    for h in handles:
        h.remove()
