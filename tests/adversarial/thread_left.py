import threading
import time


def _spin():
    while True:
        time.sleep(0.01)


def solve(a, b):
    threading.Thread(target=_spin, name="leftover", daemon=True).start()
    return (a.unsqueeze(-1) * b.unsqueeze(-3)).sum(dim=-2)
