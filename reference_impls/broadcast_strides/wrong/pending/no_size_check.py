# Gives stride 0 to every dim whose size differs, so (3,) -> (4,) "broadcasts" where torch raises.
import torch


def solve(x: torch.Tensor, shape: tuple[int, ...]) -> torch.Tensor:
    lead = len(shape) - x.dim()
    triples = zip(x.stride(), x.shape, shape[lead:], strict=False)
    strides = [0] * lead + [st if have == want else 0 for st, have, want in triples]
    return x.as_strided(shape, strides)
