# accumulator initialised from the first k-term, then loops over the rest: breaks for k == 0
# zh: 累加器用第一个 k 项初始化再循环其余项：k == 0 时出错
import torch


def solve(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    k = a.shape[2]
    acc = a[:, :, 0:1].double() * b[:, 0:1, :].double() if a.dtype.is_floating_point else a[:, :, 0:1].long() * b[:, 0:1, :].long()
    for i in range(1, k):
        acc = acc + (a[:, :, i:i + 1] * b[:, i:i + 1, :]).to(acc.dtype)
    return acc.to(a.dtype)
