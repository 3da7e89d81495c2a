# moves dim to the front, trims x to index's other sizes by slicing, and indexes with one broadcast arange tuple
import torch


def solve(x: torch.Tensor, dim: int, index: torch.Tensor) -> torch.Tensor:
    nd = x.dim()
    if nd == 0:
        return x[index] if index.dim() else x.clone()
    dim = dim % nd
    xm = x.movedim(dim, 0)
    im = index.movedim(dim, 0)
    if ((im < 0) | (im >= xm.size(0))).any():
        raise RuntimeError("index out of bounds")
    xm = xm[(slice(None),) + tuple(slice(0, s) for s in im.shape[1:])]
    rest = im.shape[1:]
    ar = [torch.arange(s, device=x.device).view([-1 if j == i else 1 for j in range(len(rest))])
          for i, s in enumerate(rest)]
    out = xm[(im,) + tuple(ar)]
    return out.movedim(0, dim)
