# validates with torch.broadcast_shapes (not forbidden), then builds strides with a reversed zip_longest
import itertools
import torch


def solve(x: torch.Tensor, shape: tuple[int, ...]) -> torch.Tensor:
    shape = tuple(shape)
    if len(shape) < x.dim() or torch.broadcast_shapes(x.shape, shape) != torch.Size(shape):
        raise RuntimeError(f"cannot broadcast {tuple(x.shape)} to {shape}")
    out = []
    for tgt, src in itertools.zip_longest(reversed(shape), reversed(list(zip(x.shape, x.stride())))):
        if src is None:
            out.append(0)
        else:
            size, st = src
            out.append(st if size == tgt else 0)
    return x.as_strided(size=shape, stride=tuple(reversed(out)), storage_offset=x.storage_offset())
