# right-aligns but silently drops x's extra leading dims when shape has fewer dims than x (torch raises)
# zh: 右对齐，但当 shape 的维数比 x 少时悄悄丢掉 x 多出的前导维（torch 会报错）
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
    return x.as_strided(tuple(shape), tuple(strides))
