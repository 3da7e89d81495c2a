# Swaps through a small helper on tuples and relies on Python's negative indexing instead of normalising dims.
import torch


def _swapped(items, i, j):
    out = list(items)
    out[i], out[j] = items[j], items[i]
    return tuple(out)


def solve(x: torch.Tensor, dim0: int, dim1: int) -> torch.Tensor:
    probe = x if x.dim() else x.unsqueeze(0)  # a 0-dim tensor accepts dims 0 and -1
    probe.size(dim0), probe.size(dim1)  # torch's own range check: raises IndexError for a bad dim
    if x.dim() == 0:
        return torch.as_strided(x, (), (), x.storage_offset())
    return torch.as_strided(x, _swapped(x.shape, dim0, dim1), _swapped(x.stride(), dim0, dim1),
                            x.storage_offset())
