import signal

signal.signal(signal.SIGTERM, signal.SIG_IGN)


def solve(a, b):
    while True:
        pass
