# Works in exact fractions of the full size (1 or 1/dp per quantity) and converts to float at the end.
from fractions import Fraction


def solve(num_params: int, dp: int, stage: int) -> tuple[float, float, float]:
    share = Fraction(1, dp)
    params = 2 * num_params * (share if stage == 3 else 1)
    grads = 2 * num_params * (share if stage >= 2 else 1)
    optim = 12 * num_params * (share if stage > 0 else 1)
    return tuple(float(v) for v in (params, grads, optim))
