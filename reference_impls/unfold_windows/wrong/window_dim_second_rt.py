# puts the window dim right after the window-index dim instead of last: (n, size, *rest)
# zh: 把窗口维放在窗口序号维之后而不是最后：得到 (n, size, *rest)
import torch


def solve(x: torch.Tensor, size: int, step: int) -> torch.Tensor:
    n = (x.size(0) - size) // step + 1
    s0 = x.stride(0)
    return x.as_strided((n, size, *x.shape[1:]), (step * s0, s0, *x.stride()[1:]), x.storage_offset())
