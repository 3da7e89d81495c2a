import torch

ns = {}
exec("def mm(a, b):\n    return a.matmul(b)", ns)


def solve(a, b):
    return ns["mm"](a, b)
