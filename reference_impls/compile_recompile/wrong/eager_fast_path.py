# keeps the fast path outside the compiled function: calls with n_valid == T run eager x.mean(1), not the compiled graph
# zh: 把快速路径留在编译函数之外：n_valid == T 的调用跑的是 eager 的 x.mean(1)，而不是编译后的图。
import torch


def masked_mean(x: torch.Tensor, n_valid: int) -> torch.Tensor:
    if n_valid == x.shape[1]:  # fast path: nothing to mask
        return x.mean(dim=1)
    return x[:, :n_valid].mean(dim=1)


def _masked(x, n_valid):
    return x[:, :n_valid].mean(dim=1)


def make_compiled(backend):
    compiled = torch.compile(_masked, backend=backend, dynamic=True)

    def f(x, n_valid):
        if n_valid == x.shape[1]:
            return x.mean(dim=1)
        return compiled(x, n_valid)
    return f
