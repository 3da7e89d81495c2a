# torch.jit.trace: records the ops of one example, returns TorchScript (not an ExportedProgram) and is forbidden.
# zh: torch.jit.trace：只记录一个示例的算子，返回 TorchScript（不是 ExportedProgram），而且被禁止使用。
import torch


def export_dynamic(model, example_x):
    return torch.jit.trace(model, (example_x,))
