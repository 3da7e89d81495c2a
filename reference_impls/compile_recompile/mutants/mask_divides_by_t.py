# Replaces the slice with a mask (one graph), but averages over all T positions instead of n_valid.
import torch


def masked_mean(x, n_valid):
    mask = (torch.arange(x.shape[1]) < n_valid).to(x.dtype)
    return (x * mask[None, :, None]).mean(dim=1)


def make_compiled(backend):
    return torch.compile(masked_mean, backend=backend, dynamic=True)
