# explicit storage_offset=0: wrong when x is an offset view such as x[2:]
# zh: 显式传入 storage_offset=0：x 是像 x[2:] 这样带偏移的视图时出错
import torch


def solve(x: torch.Tensor, shape: tuple[int, ...]) -> torch.Tensor:
    pad = len(shape) - x.dim()
    strides = []
    for i, s in enumerate(shape):
        j = i - pad
        if j < 0 or (x.size(j) == 1 and s != 1):
            strides.append(0)
        elif x.size(j) == s:
            strides.append(x.stride(j))
        else:
            raise RuntimeError("shapes not broadcastable")
    return torch.as_strided(x, tuple(shape), tuple(strides), 0)
