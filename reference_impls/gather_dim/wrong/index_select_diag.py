# selects along dim for every position then takes the diagonal: assumes index has the same sizes as x in the other dims
# zh: 对每个位置沿 dim 选取再取对角线：假设 index 在其他维上与 x 同样大
import torch


def solve(x: torch.Tensor, dim: int, index: torch.Tensor) -> torch.Tensor:
    dim = dim % x.dim()
    xm = x.movedim(dim, 0)                       # (Xd, rest...)
    im = index.movedim(dim, 0)                   # (Id, rest'...)
    sel = xm[im]                                 # (Id, rest', rest...)
    # pick element [.., r', ..] with r' == r by flattening the rest dims
    rest = xm.shape[1:]
    n = 1
    for s in rest:
        n *= s
    sel = sel.reshape(im.shape[0], n, n) if im.shape[1:] == rest else sel.reshape(im.shape[0], -1, n)
    out = sel.diagonal(dim1=1, dim2=2).reshape(im.shape[0], *rest)
    return out.movedim(0, dim)
