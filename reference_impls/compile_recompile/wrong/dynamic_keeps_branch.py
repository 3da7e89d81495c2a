# dynamic=True but the Python branch on n_valid == T stays: the guard on that equality recompiles when it flips
# zh: 设了 dynamic=True，但 n_valid == T 的 Python 分支还在：这个相等性的 guard 一翻转就重新编译。
import torch


def masked_mean(x: torch.Tensor, n_valid: int) -> torch.Tensor:
    if n_valid == x.shape[1]:  # fast path: nothing to mask
        return x.mean(dim=1)
    return x[:, :n_valid].mean(dim=1)


def make_compiled(backend):
    return torch.compile(masked_mean, backend=backend, dynamic=True)
