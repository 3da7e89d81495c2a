# Copies the docs' Dim("batch", min=2, max=64) and doubles a batch-1 example: batch 1024 is out of range at run time.
# zh: 照抄文档里的 Dim("batch", min=2, max=64)，并把批大小为 1 的示例加倍：运行时批大小 1024 超出范围。
import torch
from torch.export import Dim


def export_dynamic(model, example_x):
    if example_x.size(0) < 2:
        example_x = torch.cat([example_x, example_x])
    batch = Dim("batch", min=2, max=64)
    return torch.export.export(model, (example_x,), dynamic_shapes=({0: batch},))
