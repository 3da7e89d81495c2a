# hooks are instances of a callable recorder class; leaves found with next(children(), None); ExitStack removes every handle even on error
import contextlib
import torch
from torch import nn


class _Recorder:
    def __init__(self, log, name):
        self.log, self.name = log, name

    def __call__(self, module, grad_input, grad_output):
        self.log.append(self.name)
        return None


def backward_order(model: nn.Module, x: torch.Tensor) -> list[str]:
    log: list[str] = []
    with contextlib.ExitStack() as stack:
        for name, module in model.named_modules():
            if next(module.children(), None) is None:
                handle = module.register_full_backward_hook(_Recorder(log, name))
                stack.callback(handle.remove)
        out = model(x)
        out.sum().backward()
    return list(log)
