# Hides recompiles by capping them at one: every shape after the first silently runs eagerly.
import torch

torch._dynamo.config.recompile_limit = 1


def masked_mean(x, n_valid):
    return x[:, :n_valid].mean(dim=1)


def make_compiled(backend):
    return torch.compile(masked_mean, backend=backend)
