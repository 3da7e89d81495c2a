"""Start-up cost of the browsing commands against `python -c "import torch"`, in the same run.

Target (issue: foundation): each of `dlprep --help`, `list`, `show`, `lint` under 20% of the
torch import. Prints the median of N runs of each and the ratio. Usage: python benchmarks/startup.py [N]
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time

N = int(sys.argv[1]) if len(sys.argv) > 1 else 5
DLPREP = [sys.executable, "-m", "dlprep"]
COMMANDS = {
    "import torch": [sys.executable, "-c", "import torch"],
    "dlprep --help": [*DLPREP, "--help"],
    "dlprep list": [*DLPREP, "list"],
    "dlprep show": [*DLPREP, "show", "tensor.storage-stride.transpose-view"],
    "dlprep lint": [*DLPREP, "lint"],
}


def median_s(cmd: list[str]) -> float:
    times = []
    for _ in range(N):
        t0 = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> None:
    results = {name: median_s(cmd) for name, cmd in COMMANDS.items()}
    base = results["import torch"]
    print(f"{'command':<16}{'median s':>10}{'vs torch':>10}")
    for name, t in results.items():
        print(f"{name:<16}{t:>10.3f}{t / base:>9.0%}")
    worst = max(t / base for n, t in results.items() if n != "import torch")
    print(f"worst ratio {worst:.0%} (target < 20%): {'ok' if worst < 0.2 else 'MISSED'}")


if __name__ == "__main__":
    main()
