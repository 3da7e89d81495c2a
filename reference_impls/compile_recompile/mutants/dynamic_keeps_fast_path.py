# dynamic=True, but the fast-path `if n_valid == T` becomes a guard on the symbols: flipping it recompiles.
import torch


def masked_mean(x, n_valid):
    if n_valid == x.shape[1]:
        return x.mean(dim=1)
    return x[:, :n_valid].mean(dim=1)


def make_compiled(backend):
    return torch.compile(masked_mean, backend=backend, dynamic=True)
