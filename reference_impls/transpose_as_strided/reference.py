import torch


def _wrap(dim: int, ndim: int) -> int:
    # As torch does: a dim outside [-ndim, ndim) is an error, not something to wrap with %.
    n = max(ndim, 1)  # a 0-dim tensor accepts dims 0 and -1
    if not -n <= dim < n:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-n}, {n - 1}], but got {dim})")
    return dim % n


def solve(x: torch.Tensor, dim0: int, dim1: int) -> torch.Tensor:
    dim0, dim1 = _wrap(dim0, x.dim()), _wrap(dim1, x.dim())
    if x.dim() == 0:
        return x.as_strided((), (), x.storage_offset())
    size, stride = list(x.size()), list(x.stride())
    size[dim0], size[dim1] = size[dim1], size[dim0]
    stride[dim0], stride[dim1] = stride[dim1], stride[dim0]
    # The storage offset must be carried over: x may itself be a slice of a bigger tensor.
    return x.as_strided(size, stride, x.storage_offset())
