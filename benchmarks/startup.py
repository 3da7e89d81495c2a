"""Start-up cost of the browsing commands against `python -c "import torch"`, in the same run.

Target (issue: foundation): each of `dlprep --help`, `list`, `show`, `lint` under 20% of the
torch import. Prints the median of N runs of each and the ratio.
Usage: python benchmarks/startup.py [N]   (default 5; --quick: one run of each)
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import time

DLPREP = [sys.executable, "-m", "dlprep"]
COMMANDS = {
    "import torch": [sys.executable, "-c", "import torch"],
    "dlprep --help": [*DLPREP, "--help"],
    "dlprep list": [*DLPREP, "list"],
    "dlprep show": [*DLPREP, "show", "tensor.storage-stride.transpose-view"],
    "dlprep lint": [*DLPREP, "lint"],
}


def median_s(cmd: list[str], n: int) -> tuple[float, float]:
    """Median wall time and median CPU time (user+sys of the child): on a shared, loaded machine
    the CPU time is the steadier measure of how much work a command does."""
    walls, cpus = [], []
    for _ in range(n):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        walls.append(time.perf_counter() - t0)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(walls), statistics.median(cpus)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("n", nargs="?", type=int, default=5, help="runs of each command")
    ap.add_argument("--quick", action="store_true", help="one run of each: does it still run?")
    args = ap.parse_args()
    results = {name: median_s(cmd, 1 if args.quick else args.n) for name, cmd in COMMANDS.items()}
    base_wall, base_cpu = results["import torch"]
    print(f"{'command':<16}{'wall s':>8}{'vs torch':>10}{'cpu s':>8}{'vs torch':>10}")
    for name, (wall, cpu) in results.items():
        print(f"{name:<16}{wall:>8.3f}{wall / base_wall:>9.0%}{cpu:>8.3f}{cpu / base_cpu:>9.0%}")
    worst = max(w / base_wall for n, (w, _) in results.items() if n != "import torch")
    worst_cpu = max(c / base_cpu for n, (_, c) in results.items() if n != "import torch")
    print(f"worst ratio: wall {worst:.0%}, cpu {worst_cpu:.0%} (target < 20%): "
          f"{'ok' if worst < 0.2 else 'MISSED'}")


if __name__ == "__main__":
    main()
