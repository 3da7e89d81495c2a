import sys


def solve(a, b):
    chunk = "x" * 1_000_000 + "\n"
    for _ in range(100):  # 100 MB
        sys.stdout.write(chunk)
    return (a.unsqueeze(-1) * b.unsqueeze(-3)).sum(dim=-2)
