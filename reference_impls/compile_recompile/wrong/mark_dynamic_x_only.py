# marks x's dims maybe-dynamic on every call but keeps the n_valid == T branch and an int n_valid: the equality guard still recompiles
# zh: 每次调用都把 x 的维标成可能动态，却保留了 n_valid == T 分支和整数 n_valid：相等性 guard 仍会触发重新编译。
import torch


def masked_mean(x: torch.Tensor, n_valid: int) -> torch.Tensor:
    if n_valid == x.shape[1]:  # fast path: nothing to mask
        return x.mean(dim=1)
    return x[:, :n_valid].mean(dim=1)


def make_compiled(backend):
    compiled = torch.compile(masked_mean, backend=backend)

    def f(x, n_valid):
        for d in range(3):
            torch._dynamo.maybe_mark_dynamic(x, d)
        return compiled(x, n_valid)
    return f
