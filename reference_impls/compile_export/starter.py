"""Export a module with a dynamic batch dimension.

Implement `export_dynamic(model, example_x)` returning the `torch.export.ExportedProgram` of `model`
(an nn.Module in eval mode whose forward takes one tensor `x`), such that:

- `ep.module()(x)` equals `model(x)` for every batch size from 1 to 1024, where x differs from
  example_x only in dim 0 (the batch); run-time inputs may be non-contiguous.
- The batch size of example_x may be 1, 2 or more; the other dims are fixed.
- The module's parameters and buffers stay the program's state under their own names:
  `ep.module().load_state_dict(new_state, strict=False)` must change the results as it
  changes model's.
- Models: 2-d (B, F) and 3-d (B, C, L) inputs, float32 or float64, with buffers and with
  data-independent Python control flow on the fixed dims.
- Return the ExportedProgram itself (not ep.module()); torch.compile and torch.jit are not allowed.
"""

import torch
from torch.export import ExportedProgram


def export_dynamic(model: torch.nn.Module, example_x: torch.Tensor) -> ExportedProgram:
    raise NotImplementedError
