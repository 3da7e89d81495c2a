# Builds a fresh batch-2 example with torch.randn(...) and forgets dtype: float64 models fail to export.
# zh: 用 torch.randn 重新造一个批大小为 2 的示例却忘了 dtype：float64 模型导出失败
import torch
from torch.export import Dim, ExportedProgram, export


def export_dynamic(model: torch.nn.Module, example_x: torch.Tensor) -> ExportedProgram:
    x = example_x
    if x.shape[0] < 2:
        x = torch.randn(2, *example_x.shape[1:])
    batch = Dim("batch", min=1, max=1024)
    return export(model, (x,), dynamic_shapes={"x": {0: batch}})
