# Left-pads x's (size, stride) pairs with missing entries and builds the strides in one pass over zip(), validating with all() first.
import itertools
import torch

_MISSING = None


def solve(x: torch.Tensor, shape: tuple[int, ...]) -> torch.Tensor:
    tgt = tuple(int(s) for s in shape)
    pad = len(tgt) - x.dim()
    src = [_MISSING] * pad + list(zip(x.shape, x.stride()))
    ok = pad >= 0 and all(p is _MISSING or p[0] in (1, t) for p, t in zip(src, tgt))
    if not ok:
        raise RuntimeError(f"cannot broadcast {tuple(x.shape)} to {tgt}")
    res = []
    nxt = (1, 0)  # (size, stride) of the dim to the right; none -> product 0
    for p, t in zip(reversed(src), reversed(tgt)):
        if p is _MISSING:
            st = 0 if t != 1 else nxt[0] * nxt[1]
        else:
            st = p[1] if p[0] == t else 0
        res.append(st)
        nxt = (t, st)
    res.reverse()
    return x.as_strided(tgt, tuple(res), x.storage_offset())
