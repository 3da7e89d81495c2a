"""Grade each exercise's reference (and, with --right, its right/ corpus) under many secret seeds.

verify grades with one fixed seed per question, so its verdicts repeat; a user's grading draws a
new seed each time, and with it new contract points and values. A reference that fails on one seed
in fifty (a tolerance that does not follow the numerics, an oracle that cannot take a value the
contract can draw) is a false reject that verify never sees. This sweeps seeds and lists every
failure with the case to rerun (`dlprep submit ID FILE --seed S --case NAME`).

Usage: python tools/seed_sweep.py [--seeds N] [--first S] [--right] [--family F ...] [QID_OR_EXERCISE ...]
"""

from __future__ import annotations

import argparse
import sys
import time

from dlprep import bank, mutants, paths
from dlprep.checkers.grader import Grader
from dlprep.models import CodingQuestion


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", type=int, default=10, help="how many seeds per question (default 10)")
    ap.add_argument("--first", type=int, default=1000, help="the first seed (default 1000)")
    ap.add_argument("--right", action="store_true", help="also every right/ corpus file")
    ap.add_argument("--family", action="append", default=[], help="only these checker families")
    ap.add_argument("only", nargs="*", help="question ids or exercise names (default: all)")
    args = ap.parse_args(argv)
    catalog = bank.catalog_or_raise()
    qs = [lq.q for lq in catalog.questions.values() if isinstance(lq.q, CodingQuestion)]
    qs = [q for q in qs if (not args.only or q.id in args.only or q.exercise in args.only)
          and (not args.family or q.checker in args.family)]
    failures = 0
    with Grader("cpu") as grader:
        for q in sorted(qs, key=lambda q: q.id):
            folder = paths.exercises_dir() / q.exercise
            files = [("reference.py", (folder / "reference.py").read_text(encoding="utf-8"))]
            if args.right:
                files += [(f"right/{m.path.name}", m.source()) for m in mutants.find(folder, "right")]
            t0 = time.monotonic()
            bad = []
            for name, source in files:
                for seed in range(args.first, args.first + args.seeds):
                    v = grader.grade_source(q, source, name.rsplit("/", 1)[-1], seed)
                    if v.status != "pass":
                        why = "; ".join(f"{t.name}: {t.message}" for t in v.tests if t.status != "pass")
                        bad.append(f"  {name} seed {seed}: {v.status}: {why[:400]}")
            failures += len(bad)
            print(f"{q.id} ({q.exercise}): {len(files)} file(s) x {args.seeds} seeds, {len(bad)} failing, "
                  f"{time.monotonic() - t0:.0f} s", flush=True)
            for line in bad:
                print(line, flush=True)
    print(f"{failures} failing grading(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
