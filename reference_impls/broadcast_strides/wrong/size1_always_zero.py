# every size-1 input dim gets stride 0, even when the target size is also 1 (torch keeps the original stride)
# zh: 输入中大小为 1 的维一律设为步长 0，即使目标大小也是 1（torch 保留原步长）
import torch


def solve(x: torch.Tensor, shape: tuple[int, ...]) -> torch.Tensor:
    pad = len(shape) - x.dim()
    strides = []
    for i, s in enumerate(shape):
        j = i - pad
        if j < 0 or x.size(j) == 1:
            strides.append(0)
        else:
            strides.append(x.stride(j))
    return x.as_strided(tuple(shape), tuple(strides))
