# Branch-free divisors dp ** (stage >= k) (holdout round 9)
def solve(num_params: int, dp: int, stage: int) -> tuple[float, float, float]:
    n = int(num_params)
    return (2 * n / dp ** (stage >= 3), 2 * n / dp ** (stage >= 2), 12 * n / dp ** (stage >= 1))
