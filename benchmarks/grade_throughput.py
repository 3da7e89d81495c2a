"""Batch grading throughput: gradings per second for a class of mixed submissions (right, wrong,
crashing, flooding, hanging) with --jobs 1, --jobs 2 and a local Ray runtime (2 actors), in one run.

Each configuration grades the same class from an empty journal, with one seed. Printed per
configuration: start-up (workers warm: sandbox workers, and for Ray the runtime and its actors),
the batch's wall time, gradings/s, and the mean seconds of one grading, the numbers the README's
cost model uses (wall = start-up + submissions x per-grading seconds / workers).
Usage: python benchmarks/grade_throughput.py [N] [--limit S]   (default 200 submissions, 8 of them
       hanging, time limit 2 s; --quick: 8 submissions, 1 hanging, no Ray: starting a Ray runtime
       takes most of a quick run, and tests/test_grade_ray.py already runs that path)
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repo root: tests/grade_class.py

from dlprep import bank, batch  # noqa: E402
from dlprep.executors import GraderSpec, LocalExecutor, RayExecutor  # noqa: E402
from tests.grade_class import QID, build  # noqa: E402

SEED = 2024


def run(name: str, make: object, q: object, subs: list[batch.Submission], expected: dict[str, str],
        tmp: Path) -> tuple[float, float, float]:
    t0 = time.perf_counter()
    ex = make()  # type: ignore[operator]
    if isinstance(ex, RayExecutor):
        ex.pids()  # every actor placed, its sandbox worker warm
    else:
        ex.warm()
    startup = time.perf_counter() - t0
    t0 = time.perf_counter()
    report = batch.grade_batch(q, subs, ex, batch.Journal(tmp / f"{name}.jsonl"), SEED)  # type: ignore[arg-type]
    wall = time.perf_counter() - t0
    ex.close()
    wrong = {r.submitter: r.verdict.status for r in report.rows if r.verdict.status != expected[r.submitter]}
    per = statistics.mean(r.verdict.duration_s for r in report.rows)
    statuses = ", ".join(f"{n} {s}" for s, n in sorted(Counter(r.verdict.status for r in report.rows).items()))
    print(f"{name:>8}: start-up {startup:5.1f} s; {len(subs)} gradings in {wall:6.1f} s = "
          f"{len(subs) / wall:5.2f} gradings/s; mean grading {per:.3f} s ({statuses})"
          + (f"; UNEXPECTED {wrong}" if wrong else ""))
    return startup, wall, per


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("n", nargs="?", type=int, default=200, help="submissions in the class")
    ap.add_argument("--limit", type=float, default=2.0, help="seconds per submission (the hanging ones use it all)")
    ap.add_argument("--quick", action="store_true", help="8 submissions: does it still run?")
    args = ap.parse_args()
    n, hangs = (8, 1) if args.quick else (args.n, max(1, args.n // 25))
    q = bank.catalog_or_raise().get(QID).q
    spec = GraderSpec("cpu", "best", args.limit)
    with tempfile.TemporaryDirectory(prefix="dlprep-bench-") as d:
        tmp = Path(d)
        expected = build(tmp / "class", n=n, hangs=hangs, folders=0)
        subs = batch.collect(q, [tmp / "class"])  # type: ignore[arg-type]
        kinds = Counter(expected.values())
        print(f"{QID}: {n} submissions ({', '.join(f'{v} {k}' for k, v in sorted(kinds.items()))}), "
              f"time limit {args.limit:g} s, seed {SEED}")
        results = {}
        configs = [("jobs=1", lambda: LocalExecutor(1, spec)), ("jobs=2", lambda: LocalExecutor(2, spec))]
        if not args.quick:
            configs.append(("ray", lambda: RayExecutor(2, spec)))
        for name, make in configs:
            results[name] = run(name, make, q, subs, expected, tmp)
    startup, wall, per = results["jobs=1"]
    print(f"cost model: wall ~ start-up + submissions x {per:.3f} s / workers; "
          f"10,000 submissions on 1 worker ~ {10_000 * wall / n / 60:.0f} min, "
          f"on 64 workers ~ {10_000 * wall / n / 64 / 60:.1f} min + start-up")


if __name__ == "__main__":
    main()
