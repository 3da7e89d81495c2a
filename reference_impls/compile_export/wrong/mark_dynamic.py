# torch._dynamo.mark_dynamic on the example, as for torch.compile: export ignores it and specialises the batch.
# zh: 像 torch.compile 那样对示例调用 torch._dynamo.mark_dynamic：export 不理会它，批大小仍被特化。
import torch
import torch._dynamo


def export_dynamic(model, example_x):
    if example_x.shape[0] == 1:
        example_x = torch.cat([example_x, example_x])
    torch._dynamo.mark_dynamic(example_x, 0)
    return torch.export.export(model, (example_x,))
