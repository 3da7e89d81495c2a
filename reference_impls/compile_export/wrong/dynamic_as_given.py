# Dim.DYNAMIC on the example as given: with a batch-1 example export raises (the size-1 dim was specialised).
# zh: 对原样的示例使用 Dim.DYNAMIC：示例的批大小为 1 时 export 报错（大小为 1 的维度已被特化）。
import torch


def export_dynamic(model, example_x):
    return torch.export.export(model, (example_x,), dynamic_shapes=({0: torch.export.Dim.DYNAMIC},))
