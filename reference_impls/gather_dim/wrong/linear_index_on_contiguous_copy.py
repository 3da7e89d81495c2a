# A negative index wraps (advanced indexing) where torch.gather raises; the prompt now states that an index outside [0, size) must raise (it was right by the old prompt, which was silent)
# linear-index arithmetic: x is made contiguous first, each coordinate times the contiguous stride, then one 1-D advanced index into x.reshape(-1)
# zh: 线性下标写法：负的 index 会被高级索引绕回而不是像 torch.gather 一样报错（题目现在明确要求超出 [0, size) 的 index 报错）。
import torch


def solve(x: torch.Tensor, dim: int, index: torch.Tensor) -> torch.Tensor:
    nd = x.dim()
    if nd == 0:
        return x.reshape(1)[index.reshape(1)].reshape(())
    dim = dim + nd if dim < 0 else dim
    xc = x.contiguous()
    strides = xc.stride()
    lin = index.new_zeros(index.shape, dtype=torch.long)
    for d in range(nd):
        if d == dim:
            lin = lin + index * strides[d]
        else:
            lin = lin + torch.arange(index.size(d)).view([-1 if k == d else 1 for k in range(nd)]) * strides[d]
    return xc.reshape(-1)[lin]
