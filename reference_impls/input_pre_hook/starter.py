"""Scale a layer's input with a forward pre-hook.

Implement `scale_input(model, name, scale)`: on the submodule called `name` - a dotted path as
`model.named_modules()` names it, e.g. "encoder.2.fc" - register a forward pre-hook that
multiplies the submodule's (single, positional) input by `scale`, so that the layer itself
computes with the scaled input. Return the handle that the registration gave you: the grader
calls `handle.remove()` and then expects the model to behave exactly as before. Register nothing
else, and do not modify the tensor the hook receives in place.
"""

from torch import nn
from torch.utils.hooks import RemovableHandle


def scale_input(model: nn.Module, name: str, scale: float) -> RemovableHandle:
    raise NotImplementedError
