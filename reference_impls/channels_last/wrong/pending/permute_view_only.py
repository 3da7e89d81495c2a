# returns the permute/contiguous/permute chain unconditionally: for a channels_last x that is a new view object, not x
# zh: 无条件返回 permute/contiguous/permute 链的结果：对已经是 channels_last 的 x 返回的是新的视图对象而不是 x
# pending: needs an identity check (`result is x`): on the inputs where it differs from torch it returns a view with x's storage, strides and offset, which no check of values or layout can tell from x itself
import torch


def solve(x: torch.Tensor) -> torch.Tensor:
    return x.permute(0, 2, 3, 1).contiguous().permute(0, 3, 1, 2)
