import definitely_not_a_module  # noqa: F401


def solve(a, b):
    return a
