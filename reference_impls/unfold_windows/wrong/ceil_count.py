# number of windows rounded up: a partial last window is included when (len - size) % step != 0
# zh: 窗口数向上取整：(len - size) % step != 0 时多出一个不完整的窗口
import torch


def solve(x: torch.Tensor, size: int, step: int) -> torch.Tensor:
    L = x.size(0)
    n = -(-(L - size) // step) + 1
    s0 = x.stride(0)
    return x.as_strided((n, *x.shape[1:], size), (step * s0, *x.stride()[1:], s0), x.storage_offset())
