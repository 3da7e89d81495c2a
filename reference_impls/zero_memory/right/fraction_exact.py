# exact arithmetic with fractions.Fraction, converted to float only at the end
from fractions import Fraction


def solve(num_params, dp, stage):
    n = Fraction(num_params)
    share = Fraction(1, dp)
    params = n * 2 * (share if stage >= 3 else 1)
    grads = n * 2 * (share if stage >= 2 else 1)
    opt = n * 12 * (share if stage >= 1 else 1)
    return float(params), float(grads), float(opt)
