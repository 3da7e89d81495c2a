# contextlib.ExitStack closes the handles (RemovableHandle is a context manager); hooks built with functools.partial
import contextlib
import functools
import torch
from torch import nn


def _store(acts, name, module, args, output):
    acts[name] = output.detach()


def capture(model, x):
    acts = {}
    with contextlib.ExitStack() as stack:
        for name, m in model.named_modules():
            if isinstance(m, nn.Linear):
                stack.enter_context(m.register_forward_hook(functools.partial(_store, acts, name)))
        model(x)
    return acts
