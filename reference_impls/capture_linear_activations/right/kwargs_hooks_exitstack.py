# with_kwargs=True hooks (module, args, kwargs, output), registered through an ExitStack whose callbacks remove them; outputs detached via torch.Tensor.detach on the way in, dict returned as a fresh copy
import contextlib
import torch
from torch import nn


def capture(model: nn.Module, x: torch.Tensor) -> dict[str, torch.Tensor]:
    store: dict[str, torch.Tensor] = {}

    def recorder(key):
        def hook(module, args, kwargs, output):
            store[key] = torch.Tensor.detach(output)
        return hook

    with contextlib.ExitStack() as stack:
        for key, mod in model.named_modules():
            if isinstance(mod, nn.Linear):
                stack.callback(mod.register_forward_hook(recorder(key), with_kwargs=True).remove)
        model(x)
    return dict(store)
