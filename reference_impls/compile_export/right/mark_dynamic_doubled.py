# torch._dynamo.mark_dynamic on a doubled example instead of dynamic_shapes: torch 2.13's export keeps that dim dynamic.
import torch
import torch._dynamo


def export_dynamic(model, example_x):
    if example_x.shape[0] == 1:
        example_x = torch.cat([example_x, example_x])
    torch._dynamo.mark_dynamic(example_x, 0)
    return torch.export.export(model, (example_x,))
