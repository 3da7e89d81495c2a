def solve(a, b):
    x = (a +
    return x
