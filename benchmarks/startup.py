"""Start-up cost of the browsing commands against `python -c "import torch"`, in the same run.

Target (issue: foundation): each of `dlprep --help`, `list`, `show`, `lint` under 20% of the
torch import. Prints the median of N runs of each and the ratio. Usage: python benchmarks/startup.py [N]
"""

from __future__ import annotations

import resource
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


def median_s(cmd: list[str]) -> tuple[float, float]:
    """Median wall time and median CPU time (user+sys of the child): on a shared, loaded machine
    the CPU time is the steadier measure of how much work a command does."""
    walls, cpus = [], []
    for _ in range(N):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        walls.append(time.perf_counter() - t0)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(walls), statistics.median(cpus)


def main() -> None:
    results = {name: median_s(cmd) for name, cmd in COMMANDS.items()}
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
