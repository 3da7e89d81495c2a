"""Grading latency with the warm worker, against a fresh `python -c "import torch"`.

Target (issue: grader): median overhead under 50 ms per grading of a trivial exercise, and at
least 20x faster than starting a fresh interpreter (issue fast-verify: back under 20 ms on an
idle machine). The paced gradings also say where the time goes (`_Stages`). "Overhead" is the whole grading (cases,
sandboxed run, comparison) of a solution that does almost nothing.
Usage: python benchmarks/grade_latency.py [N]   (default 100; --quick: 3 gradings, 2 paced, 1 fresh)
       ... --as-user NAME   (as root: then the same again as the ordinary account NAME, whose
                             sandbox is rootless: user namespaces instead of root's uid per run;
                             and once more as NAME with DLPREP_SANDBOX=no-userns: the fallback
                             ladder, Landlock and seccomp instead of namespaces)
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from dlprep.checkers.grader import Grader
from dlprep.checkers.sandbox.client import RunResult, Sandbox
from dlprep.models import CodingQuestion, Text

# The overhead: a trivial exercise of one public and one hidden case (a 2x2 tensor in, a copy back),
# written to a temporary exercises folder so that no bank exercise's growing case list (contracts)
# counts as overhead. A real exercise is timed beside it (REAL).
TRIVIAL_CHECK = """import torch
from dlprep.checkers.base import Case


def oracle(x):
    return x.clone()


def public_cases():
    return [Case("one", (torch.ones(2, 2),))]


def hidden_cases(gen, n):
    return [Case(f"random-{i}", (torch.randn(2, 2, generator=gen),)) for i in range(n)]
"""
QUESTION = CodingQuestion(id="bench.trivial", type="coding", exercise="bench_trivial", checker="tensor_fn",
                          config={"hidden": 1}, prompt=Text(zh="-", en="-"), explanation=Text(zh="-", en="-"))
SOLUTION = "def solve(x):\n    return x.clone()\n"
# A bank exercise with its contract (55 cases: public, hidden and a pairwise covering set).
REAL = CodingQuestion(id="bench.real", type="coding", exercise="make_contiguous", checker="stride_view",
                      config={"hidden": 1}, prompt=Text(zh="-", en="-"), explanation=Text(zh="-", en="-"))
REAL_SOLUTION = "def solve(x):\n    return x.contiguous()\n"


def _exercises_with_trivial() -> Path:
    """A temporary exercises folder: the bank's exercises (linked) and the trivial one."""
    from dlprep import paths

    root = Path(tempfile.mkdtemp(prefix="dlprep-bench-"))
    for ex in paths.exercises_dir().iterdir():
        (root / ex.name).symlink_to(ex)
    (root / "bench_trivial").mkdir()
    (root / "bench_trivial" / "check.py").write_text(TRIVIAL_CHECK, encoding="utf-8")
    return root
# The cost of the rules below Python: batched-no-matmul's reference graded with the bank's forbidden
# names only, and with them forbidden in any form (the aten ops they compute watched in the run).
FORBID = ["torch.matmul", "torch.bmm", "torch.mm", "torch.einsum", "torch.tensordot", "torch.baddbmm", "torch.addmm",
          ".matmul", ".bmm", ".mm", ".baddbmm", "@"]
RULES = {form: CodingQuestion(id="bench.rules", type="coding", exercise="batched_matmul", checker="tensor_fn",
                              config={"forbid": FORBID, "forbid_in_any_form": form == "any form"},
                              prompt=Text(zh="-", en="-"), explanation=Text(zh="-", en="-"))
         for form in ("names", "any form")}
MATMUL = (Path(__file__).resolve().parents[1] / "reference_impls" / "batched_matmul" / "reference.py").read_text()


class _Stages:
    """Where one grading's time goes: the sandbox's round trip (Sandbox.run, from the grader's
    frame out to the worker's answer in), the run as the worker timed it (from handing the job to
    its pre-forked child to the result in), and the grader's own work around them (cases,
    payload, decoding, judging). Wraps Sandbox.run for the measured gradings only."""

    def __init__(self) -> None:
        self.round_trip: list[float] = []
        self.run: list[float] = []
        self._orig = Sandbox.run

    def __enter__(self) -> _Stages:
        stages = self

        def timed(sandbox: Sandbox, job: dict[str, object], payload: bytes = b"") -> RunResult:
            t0 = time.perf_counter()
            r = stages._orig(sandbox, job, payload)
            stages.round_trip.append(time.perf_counter() - t0)
            stages.run.append(r.duration_s)
            return r

        Sandbox.run = timed  # type: ignore[method-assign]
        return self

    def __exit__(self, *exc: object) -> None:
        Sandbox.run = self._orig  # type: ignore[method-assign]

    def line(self, totals: list[float]) -> str:
        med = statistics.median
        return (f"stages (medians): grader's own work {(med(totals) - med(self.round_trip)) * 1000:.1f} ms, "
                f"sandbox round trip {med(self.round_trip) * 1000:.1f} ms, "
                f"of which the run in the worker {med(self.run) * 1000:.1f} ms")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("n", nargs="?", type=int, default=100, help="gradings back to back")
    ap.add_argument("--quick", action="store_true", help="a few gradings: does it still run?")
    ap.add_argument("--as-user", metavar="NAME", help="as root: measure again as this ordinary account")
    args = ap.parse_args()
    n, n_paced, n_fresh = (3, 2, 1) if args.quick else (args.n, 20, 5)
    exercises = _exercises_with_trivial()
    os.environ["DLPREP_EXERCISES"] = str(exercises)
    try:
        med = _measure(n, n_paced, n_fresh)
    finally:
        shutil.rmtree(exercises, ignore_errors=True)  # the links and the trivial exercise
    if args.as_user:
        _again_as(args.as_user, med, "rootless")
        _again_as(args.as_user, med, "fallback")


def _measure(n: int, n_paced: int, n_fresh: int) -> float:
    """Every measurement, printed; returns the back-to-back median (the runs as another account
    are compared with it)."""
    with Grader("cpu") as grader:
        grader.sandbox.ensure()
        grader.grade_source(QUESTION, SOLUTION, seed=0)  # warm caches once
        times = []
        with _Stages() as back_to_back:
            for i in range(n):
                t0 = time.perf_counter()
                v = grader.grade_source(QUESTION, SOLUTION, seed=i)
                times.append(time.perf_counter() - t0)
                assert v.status == "pass", v
        paced = []
        with _Stages() as stages:
            for i in range(n_paced):
                time.sleep(0.2)
                t0 = time.perf_counter()
                assert grader.grade_source(QUESTION, SOLUTION, seed=i).status == "pass"
                paced.append(time.perf_counter() - t0)
        level = grader.sandbox.level
        rules: dict[str, list[float]] = {form: [] for form in RULES}
        real: list[float] = []
        for i in range(n_paced * 2):  # interleaved, so a change of load hits both alike
            for form, q in RULES.items():
                t0 = time.perf_counter()
                v = grader.grade_source(q, MATMUL, seed=i)
                assert v.status == "pass", [t.message for t in v.tests if t.status != "pass"]
                rules[form].append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            assert grader.grade_source(REAL, REAL_SOLUTION, seed=i).status == "pass"
            real.append(time.perf_counter() - t0)
    fresh = []
    for _ in range(n_fresh):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import torch"], check=True)
        fresh.append(time.perf_counter() - t0)
    times.sort()
    med, p95, f = statistics.median(times), times[int(0.95 * (len(times) - 1))], statistics.median(fresh)
    print(f"sandbox level: {level}")
    print(f"gradings: {n} back to back, median {med * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms")
    print(f"back to back {back_to_back.line(times)}")
    print(f"paced (0.2 s apart): {n_paced}, median {statistics.median(paced) * 1000:.1f} ms")
    print(f"paced {stages.line(paced)}")
    print(f"fresh interpreter (import torch): median {f * 1000:.0f} ms")
    print(f"ratio fresh/median: {f / med:.1f}x (target >= 20x); median under 50 ms: {'ok' if med < 0.05 else 'MISSED'}")
    names, any_form = (statistics.median(rules[f]) for f in RULES)
    print(f"rules of batched-no-matmul ({len(rules['names'])} gradings each): names only median {names * 1000:.1f} ms, "
          f"in any form (aten ops watched) {any_form * 1000:.1f} ms: {(any_form - names) * 1000:+.1f} ms per grading")
    print(f"a bank exercise with its contract (make_contiguous, {len(real)} gradings): median "
          f"{statistics.median(real) * 1000:.1f} ms")
    return med


# Runs a command as another account: see the script.
_AS_USER = (Path(__file__).resolve().parent / "as_user.sh").read_text()


def _again_as(name: str, root_median: float, mode: str) -> None:
    import pwd

    if os.geteuid() != 0:
        sys.exit("--as-user needs root")
    try:
        pw = pwd.getpwnam(name)
    except KeyError:
        sys.exit(f"no account {name!r}: create it first (useradd -m {name})")
    prefix = os.path.realpath(sys.base_prefix)
    parts = prefix.split("/")
    blocked = next((b for b in ("/".join(parts[:i]) for i in range(2, len(parts) + 1))
                    if not os.stat(b).st_mode & 0o001), None)
    argv = [sys.executable, os.path.abspath(__file__), *[a for a in sys.argv[1:] if a != "--as-user" and a != name]]
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": pw.pw_dir, "LANG": "C.UTF-8",
           "PREFIX": prefix, "BLOCKED": str(blocked), "RUN_UID": str(pw.pw_uid), "RUN_GID": str(pw.pw_gid),
           "PYTHONPATH": os.path.dirname(os.path.dirname(os.path.abspath(__file__)))}
    if mode == "fallback":
        env["DLPREP_SANDBOX"] = "no-userns"
    if blocked is None:
        cmd = ["setpriv", f"--reuid={pw.pw_uid}", f"--regid={pw.pw_gid}", "--init-groups", *argv]
    else:
        cmd = ["unshare", "-m", "--propagation", "private", "sh", "-c", _AS_USER, "as-user", *argv]
    r = subprocess.run(cmd, cwd=pw.pw_dir, env=env, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"the run as {name} failed:\n{r.stdout}{r.stderr[-2000:]}")
    print(f"--- as {name} (not root), {mode} ---\n{r.stdout.strip()}")
    m = re.search(r"back to back, median ([\d.]+) ms", r.stdout)
    assert m, r.stdout
    print(f"{mode} - root median: {float(m.group(1)) - root_median * 1000:+.1f} ms")


if __name__ == "__main__":
    main()
