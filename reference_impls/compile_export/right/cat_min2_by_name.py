# Doubles a small example with torch.cat, Dim min=2 (batch 1 still runs in torch 2.13), dynamic_shapes keyed by name.
import inspect

import torch
from torch.export import Dim


def export_dynamic(model, example_x):
    while example_x.shape[0] < 2:
        example_x = torch.cat([example_x, example_x], dim=0)
    (name,) = inspect.signature(model.forward).parameters
    return torch.export.export(model, (example_x,), dynamic_shapes={name: {0: Dim("n", min=2, max=1024)}})
