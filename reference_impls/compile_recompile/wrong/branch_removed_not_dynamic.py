# removes the branch but leaves dynamic unset: the first call compiles a static graph, the second recompiles (automatic dynamic)
# zh: 去掉了分支却没有设置 dynamic：第一次调用编译出静态图，第二次重新编译（自动动态形状）。
import torch


def masked_mean(x: torch.Tensor, n_valid: int) -> torch.Tensor:
    if n_valid == x.shape[1]:  # fast path: nothing to mask
        return x.mean(dim=1)
    return x[:, :n_valid].mean(dim=1)


def _mm(x, n_valid):
    return x[:, :n_valid].mean(dim=1)


def make_compiled(backend):
    return torch.compile(_mm, backend=backend)
