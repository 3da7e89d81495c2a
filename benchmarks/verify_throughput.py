"""Verification throughput: `dlprep verify`'s wall time next to a fresh `import torch`, in one run.

The unit is what one fresh interpreter pays to import torch on this machine, measured here, right
before verify runs, so that a loaded or a fast machine moves both numbers alike. Target (issue
fast-verify): the whole bank in at most 80 such imports (it was about 250 before ranks were forked
and snippets batched). Also printed: the time per kind (the sum of each item's own time, as
`--json` reports it), the slowest items, and what did not pass (a benchmark run is also a
stability check).

Usage: python benchmarks/verify_throughput.py [SELECTOR ...] [--jobs N] [--json FILE] [--quick]
  SELECTOR: question or topic ids (default: the whole bank); --quick: 3 questions, 1 job, no target.
Each run starts from an empty verify record (its own DLPREP_HOME unless one is set), so nothing is
skipped and the order is the by-kind one a fresh clone gets; `--changed` runs are not measured here.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

TARGET_IMPORTS = 80


def import_torch_s(samples: int) -> float:
    """Median seconds for a fresh interpreter to `import torch`."""
    times = []
    for _ in range(samples):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import torch"], check=True)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("selectors", nargs="*", help="question or topic ids (default: the whole bank)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--json", type=Path, help="write the verify report here")
    ap.add_argument("--quick", action="store_true", help="3 questions with 1 job: does it still run?")
    args = ap.parse_args()
    os.environ.setdefault("DLPREP_HOME", tempfile.mkdtemp(prefix="dlprep-bench-"))

    from dlprep import bank, verify
    from dlprep.models import CodingQuestion, OutputQuestion
    from dlprep.verify_record import VerifyRecord

    catalog = bank.catalog_or_raise()
    if args.quick:
        qs = sorted(catalog.questions.values(), key=lambda lq: lq.id)
        questions = [next(lq for lq in qs if isinstance(lq.q, OutputQuestion)),
                     next(lq for lq in qs if lq.q.type == "choice"),
                     next(lq for lq in qs if isinstance(lq.q, CodingQuestion) and lq.q.checker == "stride_view")]
        jobs = 1
    else:
        questions = verify.select(catalog, args.selectors)
        jobs = args.jobs
    unit = import_torch_s(1 if args.quick else 3)
    print(f"fresh `import torch`: {unit:.2f} s (median of {1 if args.quick else 3})", flush=True)
    t0 = time.perf_counter()
    report = verify.run(catalog, questions, verify.LocalExecutor(jobs), with_coverage=False, record=VerifyRecord())
    wall = time.perf_counter() - t0
    if args.json:
        args.json.write_text(json.dumps(report.to_json(), indent=1))
    ratio = wall / unit
    whole = not args.selectors and not args.quick
    print(f"verify: {len(questions)} items with {jobs} job(s) in {wall:.1f} s = {ratio:.0f} fresh torch imports"
          + (f" (target <= {TARGET_IMPORTS} for the whole bank)" if whole else " (a subset: no target)"))
    kinds: Counter[str] = Counter()
    seconds: Counter[str] = Counter()
    for r in report.results:
        kinds[r.kind] += 1
        seconds[r.kind] += r.duration_s
    print(f"{'kind':12s} {'items':>6s} {'seconds':>9s}")
    for kind, s in seconds.most_common():
        print(f"{kind:12s} {kinds[kind]:6d} {s:9.1f}")
    for r in sorted(report.results, key=lambda r: -r.duration_s)[:8]:
        print(f"  slowest: {r.duration_s:7.1f} s  {r.kind:10s} {r.id}")
    failed = [r for r in report.results if r.status in ("failed", "unverifiable")]
    print(f"{len(failed)} not passed")
    for r in failed:
        print(f"  {r.status}: {r.id}: {' '.join(r.message.split())[:300]}")
    if whole and ratio > TARGET_IMPORTS:
        print(f"over target: {ratio:.0f} > {TARGET_IMPORTS} imports")


if __name__ == "__main__":
    main()
