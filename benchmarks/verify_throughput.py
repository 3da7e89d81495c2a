"""Verification throughput: the whole bank with 1 and 2 jobs, against one fresh interpreter per
question (the naive way: `python -c snippet` for every executable question).

Target (issue: verify): the whole bank at least 5x faster than the sum of fresh-interpreter runs.
The fresh-interpreter baseline runs each *executable* question's snippet once in a new
`python -c` (coding exercises count one fresh run per graded file: reference, starter, mutants,
wrong and right answers), which is a lower bound of what a naive verifier costs.
Usage: python benchmarks/verify_throughput.py [--quick]   (--quick: 3 questions, 1 job, no target)
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

from dlprep import bank, mutants, paths, verify
from dlprep.models import CodingQuestion, OutputQuestion


def fresh_cost(questions: list[bank.LoadedQuestion], samples: int) -> tuple[float, int]:
    """Seconds for a fresh interpreter per run: measured on a sample, scaled to the questions."""
    runs = 0
    for lq in questions:
        q = lq.q
        if isinstance(q, OutputQuestion) or getattr(q, "probe", None):
            runs += 2  # verify runs each snippet twice (determinism)
        elif isinstance(q, CodingQuestion):
            folder = paths.exercises_dir() / q.exercise
            corpus = [p for kind in ("wrong", "right") for p in (folder / kind).glob("*.py")]
            runs += 2 + len(mutants.find(folder)) + len(corpus)
    t0 = time.perf_counter()
    for _ in range(samples):
        subprocess.run([sys.executable, "-c", "import torch, triton"], check=True, env={**os.environ,
                       "TRITON_INTERPRET": "1"})
    per_run = (time.perf_counter() - t0) / samples
    return per_run * runs, runs


def quick_sample(catalog: bank.Catalog) -> list[bank.LoadedQuestion]:
    """One question of each fast kind (output snippet, cited conceptual, stride exercise), by id."""
    qs = sorted(catalog.questions.values(), key=lambda lq: lq.id)
    return [next(lq for lq in qs if isinstance(lq.q, OutputQuestion)),
            next(lq for lq in qs if lq.q.type == "choice"),
            next(lq for lq in qs if isinstance(lq.q, CodingQuestion) and lq.q.checker == "stride_view")]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="3 questions with 1 job: does it still run?")
    args = ap.parse_args()
    catalog = bank.catalog_or_raise()
    questions = quick_sample(catalog) if args.quick else list(catalog.questions.values())
    timings = {}
    for jobs in (1,) if args.quick else (1, 2):
        t0 = time.perf_counter()
        report = verify.run(catalog, questions, verify.LocalExecutor(jobs), with_coverage=False)
        timings[jobs] = time.perf_counter() - t0
        failed = [r for r in report.results if r.status in ("failed", "unverifiable")]
        print(f"jobs={jobs}: {len(questions)} questions in {timings[jobs]:.1f} s = "
              f"{len(questions) / timings[jobs]:.2f} questions/s ({len(failed)} not passed)")
        for r in failed:  # a benchmark run is also a stability check: say what failed, and why
            print(f"  {r.status}: {r.id}: {' '.join(r.message.split())[:300]}")
    naive, runs = fresh_cost(questions, 1 if args.quick else 3)
    best = min(timings.values())
    print(f"fresh interpreter per run: {runs} runs, about {naive:.1f} s (import cost only)")
    print(f"speed-up of the best run: {naive / best:.1f}x (target >= 5x" + (", --quick: not enforced)" if args.quick
          else ")"))


if __name__ == "__main__":
    main()
