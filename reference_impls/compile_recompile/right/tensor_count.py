# Passes n_valid into the graph as a 0-dim tensor and averages with a length mask, so no int is specialised.
import torch


def masked_mean(x, n_valid):
    n = torch.as_tensor(n_valid)
    keep = (torch.arange(x.shape[1]) < n).to(x.dtype)  # (T,)
    return (x * keep[None, :, None]).sum(dim=1) / n.to(x.dtype)


def make_compiled(backend):
    compiled = torch.compile(masked_mean, backend=backend, dynamic=True)

    def f(x, n_valid):
        return compiled(x, torch.tensor(n_valid))
    return f
