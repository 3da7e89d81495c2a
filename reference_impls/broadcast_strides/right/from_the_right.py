# Walks both shapes from the right with explicit errors, then reverses the collected strides.
import torch


def _stride_for(have: int | None, st: int, want: int) -> int:
    if have is None or (have == 1 and want != 1):
        return 0  # missing or grown dim: every index reads the same elements
    if have != want:
        raise RuntimeError(f"size {have} cannot broadcast to {want}")
    return st


def solve(x: torch.Tensor, shape: tuple[int, ...]) -> torch.Tensor:
    if len(shape) < x.dim():
        raise RuntimeError("target has fewer dimensions than x")
    sizes, strides = list(x.shape), list(x.stride())
    out = []
    for k in range(1, len(shape) + 1):
        have = sizes[-k] if k <= len(sizes) else None
        st = strides[-k] if k <= len(strides) else 0
        out.append(_stride_for(have, st, shape[-k]))
    return torch.as_strided(x, tuple(shape), tuple(reversed(out)), x.storage_offset())
