# Adds the missing leading dims with x[None, ...] (still a view), then zeroes the strides of grown dims.
import torch


def solve(x: torch.Tensor, shape: tuple[int, ...]) -> torch.Tensor:
    lead = len(shape) - x.dim()
    y = x[(None,) * lead] if lead else x
    if lead < 0 or any(have not in (1, want) for have, want in zip(y.shape, shape, strict=True)):
        raise RuntimeError(f"cannot broadcast {tuple(x.shape)} to {tuple(shape)}")
    triples = zip(y.shape, shape, y.stride(), strict=True)
    strides = [0 if (have == 1 and want != 1) else st for have, want, st in triples]
    return y.as_strided(tuple(shape), strides)
