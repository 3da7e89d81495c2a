# Dim.AUTO on the example as given: fine for a batch of 2 or more, but a batch-1 example is silently specialised (0/1).
# zh: 对原样的示例使用 Dim.AUTO：批大小为 2 及以上时没问题，但批大小为 1 的示例会被悄悄特化（0/1 特化）。
import torch
from torch.export import Dim


def export_dynamic(model, example_x):
    return torch.export.export(model, (example_x,), dynamic_shapes={"x": {0: Dim.AUTO}})
