"""Verification throughput: the whole bank with 1 and 2 jobs, against one fresh interpreter per
question (the naive way: `python -c snippet` for every executable question).

Target (issue: verify): the whole bank at least 5x faster than the sum of fresh-interpreter runs.
The fresh-interpreter baseline runs each *executable* question's snippet once in a new
`python -c` (coding exercises count one fresh run per graded file: reference, starter, mutants),
which is a lower bound of what a naive verifier costs. Usage: python benchmarks/verify_throughput.py
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

from dlprep import bank, verify
from dlprep.models import CodingQuestion, OutputQuestion, ShortQuestion, TrueFalseQuestion


def fresh_cost(catalog: bank.Catalog) -> tuple[float, int]:
    """Seconds for a fresh interpreter per run: measured on a sample, scaled to the bank."""
    runs = 0
    for lq in catalog.questions.values():
        q = lq.q
        if isinstance(q, OutputQuestion) or (isinstance(q, ShortQuestion | TrueFalseQuestion) and q.code):
            runs += 2  # verify runs each snippet twice (determinism)
        elif isinstance(q, CodingQuestion):
            from dlprep.checkers.base import load_exercise

            runs += 2 + len(list((load_exercise(q).folder / "mutants").glob("*.py")))
    t0 = time.perf_counter()
    for _ in range(3):
        subprocess.run([sys.executable, "-c", "import torch, triton"], check=True, env={**os.environ,
                       "TRITON_INTERPRET": "1"})
    per_run = (time.perf_counter() - t0) / 3
    return per_run * runs, runs


def main() -> None:
    catalog = bank.catalog_or_raise()
    questions = list(catalog.questions.values())
    timings = {}
    for jobs in (1, 2):
        t0 = time.perf_counter()
        report = verify.run(catalog, questions, verify.LocalExecutor(jobs), with_coverage=False)
        timings[jobs] = time.perf_counter() - t0
        failed = [r for r in report.results if r.status in ("failed", "unverifiable")]
        print(f"jobs={jobs}: {len(questions)} questions in {timings[jobs]:.1f} s = "
              f"{len(questions) / timings[jobs]:.2f} questions/s ({len(failed)} not passed)")
        for r in failed:  # a benchmark run is also a stability check: say what failed, and why
            print(f"  {r.status}: {r.id}: {' '.join(r.message.split())[:300]}")
    naive, runs = fresh_cost(catalog)
    best = min(timings.values())
    print(f"fresh interpreter per run: {runs} runs, about {naive:.1f} s (import cost only)")
    print(f"speed-up of the best run: {naive / best:.1f}x (target >= 5x)")


if __name__ == "__main__":
    main()
