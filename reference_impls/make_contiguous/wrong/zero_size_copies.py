# zero-size tensors judged by strides: an empty tensor with odd strides is copied (x.contiguous() returns x itself)
# zh: 按步长判断空张量：步长奇怪的空张量被拷贝了（x.contiguous() 会直接返回 x）
import torch


def solve(x: torch.Tensor) -> torch.Tensor:
    exp = 1
    for s, st in zip(reversed(x.shape), reversed(x.stride())):
        if s != 1 and st != exp:
            return torch.empty(x.shape, dtype=x.dtype, device=x.device).copy_(x)
        exp *= s
    return x
