# Compiles with backend="eager" instead of the backend it is handed, so no graph reaches the caller's backend.
import torch


def masked_mean(x, n_valid):
    return x[:, :n_valid].mean(dim=1)


def make_compiled(backend):
    return torch.compile(masked_mean, backend="eager", dynamic=True)
