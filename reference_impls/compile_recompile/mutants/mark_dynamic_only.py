# Marks every dim of x dynamic, but the Python int n_valid is still specialised as a constant.
# zh: 把 x 的每一维都标成动态，但 Python 整数 n_valid 仍被当作常量特化。
import torch


def masked_mean(x, n_valid):
    return x[:, :n_valid].mean(dim=1)


def make_compiled(backend):
    compiled = torch.compile(masked_mean, backend=backend)

    def f(x, n_valid):
        torch._dynamo.mark_dynamic(x, (0, 1, 2))
        return compiled(x, n_valid)

    return f
