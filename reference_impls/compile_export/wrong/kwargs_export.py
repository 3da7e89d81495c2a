# Exports with x as a keyword argument (kwargs={'x': ...}): the program then refuses the positional call ep.module()(x) the prompt states.
# zh: 以关键字参数导出（kwargs={'x': ...}）：程序随后拒绝题目所说的按位置调用 ep.module()(x)
import torch
from torch.export import Dim, ExportedProgram, export



def export_dynamic(model: torch.nn.Module, example_x: torch.Tensor) -> ExportedProgram:
    x = example_x if example_x.shape[0] > 1 else torch.cat([example_x, example_x])
    return export(model, (), {"x": x}, dynamic_shapes={"x": {0: Dim("batch", min=1, max=1024)}})
