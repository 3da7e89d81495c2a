# a @contextmanager generator installs the hooks; hooks store outputs keyed by the module OBJECT and names are resolved afterwards from the first name named_modules() gives; shared hook function, handles removed in reverse in the generator's finally
import contextlib
import torch
from torch import nn


def _record(store, module, inputs, output):
    store[module] = output.detach()


@contextlib.contextmanager
def _hooked(modules, store):
    handles = []
    try:
        for m in modules:
            handles.append(m.register_forward_hook(lambda mod, i, o: _record(store, mod, i, o)))
        yield store
    finally:
        for h in reversed(handles):
            h.remove()


def capture(model: nn.Module, x: torch.Tensor) -> dict[str, torch.Tensor]:
    first_name = {}
    for name, m in model.named_modules():
        if isinstance(m, nn.Linear) and m not in first_name:
            first_name[m] = name
    with _hooked(list(first_name), {}) as store:
        model(x)
    return {first_name[m]: out for m, out in store.items()}
