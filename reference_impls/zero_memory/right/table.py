# Looks up which quantities are partitioned in a per-stage table and divides by dp once per quantity.
BYTES = {"params": 2.0, "grads": 2.0, "optim": 12.0}
PARTITIONED = {0: set(), 1: {"optim"}, 2: {"optim", "grads"}, 3: {"optim", "grads", "params"}}


def solve(num_params: int, dp: int, stage: int) -> tuple[float, float, float]:
    shards = PARTITIONED[stage]
    per_gpu = {k: b * num_params / (dp if k in shards else 1) for k, b in BYTES.items()}
    return (per_gpu["params"], per_gpu["grads"], per_gpu["optim"])


if __name__ == "__main__":
    print(solve(7_500_000_000, 64, 0))  # (15e9, 15e9, 90e9)
