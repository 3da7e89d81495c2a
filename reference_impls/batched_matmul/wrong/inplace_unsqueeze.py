# uses in-place unsqueeze_ on the inputs: the caller's a and b change shape (prompt: do not modify the inputs)
# zh: 对输入用原地的 unsqueeze_：调用方的 a 和 b 形状被改变了
import torch


def solve(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    out = (a.unsqueeze_(-1) * b.unsqueeze_(1)).sum(dim=2, dtype=a.dtype)
    a.squeeze_(-1)
    return out
