import torch
from torch.export import Dim, ExportedProgram

MAX_BATCH = 1024


def export_dynamic(model: torch.nn.Module, example_x: torch.Tensor) -> ExportedProgram:
    if example_x.shape[0] == 1:
        # 0/1 specialisation: export traces a size-1 dim as the constant 1 (a dynamic Dim there is an
        # error, Dim.AUTO silently specialises), so trace with a batch of 2 holding the same rows.
        example_x = example_x.expand(2, *example_x.shape[1:])
    batch = Dim("batch", min=1, max=MAX_BATCH)
    return torch.export.export(model, (example_x,), dynamic_shapes=({0: batch},))
