import torch


def solve(x: torch.Tensor, dim: int, index: torch.Tensor) -> torch.Tensor:
    dim = dim % x.dim()
    # gather raises on an index outside [0, size); advanced indexing would wrap a negative one.
    if index.numel() and (int(index.min()) < 0 or int(index.max()) >= x.size(dim)):
        bad = int(index.min()) if int(index.min()) < 0 else int(index.max())
        raise RuntimeError(f"index {bad} is out of bounds for dimension {dim} with size {x.size(dim)}")
    # One broadcastable arange per dim, replaced by `index` along the gathered dim.
    grids = []
    for d in range(x.dim()):
        if d == dim:
            grids.append(index)
        else:
            shape = [1] * x.dim()
            shape[d] = index.size(d)
            grids.append(torch.arange(index.size(d)).reshape(shape))
    return x[tuple(grids)]
