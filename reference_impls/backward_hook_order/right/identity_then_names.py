# hooks record the module OBJECTS (via functools.partial); names are resolved afterwards through an id->first-name map built from named_modules(); leaves counted with sum(1 for _ in children())
import functools
import torch
from torch import nn


def _fired(sink, module, grad_input, grad_output):
    sink.append(module)


def backward_order(model: nn.Module, x: torch.Tensor) -> list[str]:
    named = list(model.named_modules())
    first_name = {}
    for n, m in named:
        first_name.setdefault(id(m), n)
    sink = []
    handles = [m.register_full_backward_hook(functools.partial(_fired, sink), prepend=True)
               for _, m in named if sum(1 for _ in m.children()) == 0]
    try:
        torch.autograd.backward(model(x).sum())
    finally:
        while handles:
            handles.pop().remove()
    return [first_name[id(m)] for m in sink]
