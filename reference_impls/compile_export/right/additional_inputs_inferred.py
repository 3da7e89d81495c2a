# No Dim at all: torch.export.AdditionalInputs infers the dynamic batch from extra sample inputs (3 and 1024).
import torch
from torch.export import Dim, ExportedProgram, export

from torch.export import AdditionalInputs


def export_dynamic(model: torch.nn.Module, example_x: torch.Tensor) -> ExportedProgram:
    rest = tuple(example_x.shape[1:])
    shapes = AdditionalInputs()
    for b in (3, 1024):
        shapes.add((torch.randn(b, *rest, dtype=example_x.dtype),))
    x = example_x if example_x.shape[0] > 1 else torch.cat([example_x, example_x])
    return export(model, (x,), dynamic_shapes=shapes)
