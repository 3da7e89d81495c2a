# Clamps the index into range before indexing, so an out-of-range index reads the edge element where gather raises.
# zh: 取值前先把索引裁剪到合法范围内，于是越界索引读到的是边缘元素，而 gather 会报错。
import torch


def solve(x: torch.Tensor, dim: int, index: torch.Tensor) -> torch.Tensor:
    dim = dim % x.dim()
    index = index.clamp(0, x.size(dim) - 1)
    coords = torch.meshgrid(*[torch.arange(n) for n in index.shape], indexing="ij")
    coords = list(coords)
    coords[dim] = index
    return x[tuple(coords)]
