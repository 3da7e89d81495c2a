# leaf test with next(m.children(), None); hook via functools.partial over list.append; ExitStack removes handles
import contextlib
import functools
from torch import nn


def _fired(log, name, module, grad_input, grad_output):
    log.append(name)


def backward_order(model, x):
    log = []
    with contextlib.ExitStack() as stack:
        for name, m in model.named_modules():
            if next(m.children(), None) is None:
                stack.enter_context(m.register_full_backward_hook(functools.partial(_fired, log, name)))
        model(x).sum().backward()
    return log
