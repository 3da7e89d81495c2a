# Strict mode, a ShapesCollection keyed by the example tensor with Dim.DYNAMIC, and decomposed to core ATen.
import torch
from torch.export import Dim, ShapesCollection


def export_dynamic(model, example_x):
    if example_x.size(0) <= 1:
        example_x = example_x.repeat_interleave(3, dim=0)
    shapes = ShapesCollection()
    shapes[example_x] = {0: Dim.DYNAMIC}
    ep = torch.export.export(model, (example_x,), dynamic_shapes=shapes, strict=True)
    return ep.run_decompositions()
