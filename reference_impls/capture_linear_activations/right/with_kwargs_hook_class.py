# a callable hook object registered with with_kwargs=True, handles removed in finally in reverse order
import torch
from torch import nn


class _Recorder:
    def __init__(self, sink, name):
        self.sink, self.name = sink, name

    def __call__(self, module, args, kwargs, output):
        self.sink[self.name] = output.detach()


def capture(model, x):
    sink, handles = {}, []
    try:
        for name, m in model.named_modules():
            if isinstance(m, nn.Linear):
                handles.append(m.register_forward_hook(_Recorder(sink, name), with_kwargs=True))
        model(x)
    finally:
        while handles:
            handles.pop().remove()
    return sink
