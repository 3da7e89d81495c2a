# torch._dynamo.mark_dynamic on the example as given: a batch-1 example is still specialised (0/1), other batches fail.
# zh: 对原样的示例调用 torch._dynamo.mark_dynamic：批大小为 1 的示例仍会被特化（0/1 特化），其他批大小都会失败。
import torch
import torch._dynamo


def export_dynamic(model, example_x):
    torch._dynamo.mark_dynamic(example_x, 0)
    return torch.export.export(model, (example_x,))
