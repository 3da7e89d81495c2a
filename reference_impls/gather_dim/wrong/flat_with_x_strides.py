# linear index built from x.stride() but applied to x.flatten() (row-major copy): wrong for non-contiguous x
# zh: 用 x.stride() 构造线性下标，却作用在 x.flatten()（行优先拷贝）上：x 非连续时出错
import torch


def solve(x: torch.Tensor, dim: int, index: torch.Tensor) -> torch.Tensor:
    dim = dim % x.dim()
    lin = torch.zeros(index.shape, dtype=torch.long)
    for d in range(x.dim()):
        if d == dim:
            coord = index
        else:
            shape = [1] * x.dim()
            shape[d] = index.size(d)
            coord = torch.arange(index.size(d)).view(shape)
        lin = lin + coord * x.stride(d)
    return x.flatten()[lin]
