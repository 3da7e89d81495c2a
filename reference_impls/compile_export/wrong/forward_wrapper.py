# Exports a wrapper around model.forward: the bound method is no submodule, so the weights become constants.
# zh: 导出一个包装 model.forward 的模块：绑定方法不是子模块，所以权重变成了常量。
import torch
from torch.export import Dim


class _Wrapper(torch.nn.Module):
    def __init__(self, fn):
        super().__init__()
        self.fn = fn  # model.forward: a method, not a module, so export does not see its parameters

    def forward(self, x):
        return self.fn(x)


def export_dynamic(model, example_x):
    if example_x.shape[0] == 1:
        example_x = example_x.expand(2, *example_x.shape[1:])
    batch = Dim("batch", min=1, max=1024)
    return torch.export.export(_Wrapper(model.forward), (example_x,), dynamic_shapes={"x": {0: batch}})
