"""How long from pressing Enter on an answer until the next question is on screen.

The target (issue: quiz, point 5): within 100 ms for non-coding questions. This drives a real
`dlprep quiz` through a pseudo-terminal, exactly as a user would, and times each answer from the
moment its last Enter is written until the next question's panel arrives ("shown") and until the
prompt is ready for typing ("ready"). That span includes judging, the SQLite commit, rendering the
feedback (explanation, misconception, refs) and rendering the next question.

    python benchmarks/quiz_latency.py                 # the installed banks, 40 questions
    python benchmarks/quiz_latency.py --count 80 --seed 3 --limit-ms 100
    python benchmarks/quiz_latency.py --quick         # 5 questions, no limit enforced (the test suite)

Exits 1 when the slowest "shown" time exceeds --limit-ms. A second, in-process part splits the
time into judge+commit and render (to a null console) per question.
"""

from __future__ import annotations

import argparse
import importlib
import io
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import pexpect

TYPES = ["choice", "true_false", "short", "output", "open"]
TITLE = r"─ ([a-z0-9][a-z0-9_.-]*) · (choice|true_false|short|output|open) · "
DONE = r"\d+ answered, \d+ correct, \d+ skipped"


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(p / 100 * (len(xs) - 1)))]


def drive(count: int, seed: int, env: dict[str, str]) -> list[tuple[str, float, float]]:
    """(type, ms until the next question is shown, ms until its prompt is ready) per answer."""
    args = ["-m", "dlprep", "quiz", "--count", str(count), "--seed", str(seed), "--lang", "en"]
    for t in TYPES:
        args += ["--type", t]
    child = pexpect.spawn(sys.executable, args, env=env, encoding="utf-8", dimensions=(50, 120), timeout=60)
    child.delaybeforesend = None  # pexpect sleeps 50 ms before each send by default
    out: list[tuple[str, float, float]] = []
    child.expect(TITLE)
    qtype = child.match.group(2)
    child.expect("answer> ")
    while True:
        if qtype == "choice":
            last = "a"
        elif qtype == "true_false":
            last = "t"
        elif qtype == "short":
            last = "x"
        elif qtype == "output":
            child.sendline("x")
            child.expect(r"\| ")
            last = ""  # the empty line that ends the output is the answer's Enter
        else:  # open: an empty line reveals the model answer; the rating is the answer's Enter
            child.sendline("")
            child.expect("rate> ")
            last = "3"
        t0 = time.perf_counter()
        child.sendline(last)
        i = child.expect([TITLE, DONE])
        shown = (time.perf_counter() - t0) * 1000
        if i == 1:
            break
        next_type = child.match.group(2)
        child.expect("answer> ")
        ready = (time.perf_counter() - t0) * 1000
        out.append((qtype, shown, ready))
        qtype = next_type
    child.expect(pexpect.EOF)
    return out


def in_process(count: int, seed: int) -> tuple[list[float], list[float]]:
    """Per answer: judge + commit (Session.answer / rate) and render (feedback + next question)."""
    from rich.console import Console

    from dlprep import bank
    from dlprep.session import InvalidAnswer, Session, quiz_items
    from dlprep.store import Store

    render = importlib.import_module("dlprep.cli.render")  # (ruff's isort cannot place dlprep.cli)
    importlib.import_module("dlprep.cli.quiz_ui").warm_up()  # as the quiz UI does before question 1

    con = Console(file=io.StringIO(), width=120, force_terminal=True)
    items = quiz_items(bank.catalog_or_raise(), (), TYPES, None, count, seed)
    commit, draw = [], []
    with tempfile.TemporaryDirectory() as d, Store(Path(d) / "p.sqlite3") as st:
        s = Session(items, st)
        while (it := s.present()) is not None:
            t0 = time.perf_counter()
            if it.type == "open":
                s.rate(3)
            else:
                try:
                    s.answer("a")
                except InvalidAnswer:
                    s.answer("t")
            t1 = time.perf_counter()
            con.print(render.answer_body(it.question, "en", list(it.order or []) or None))
            if s.current is not None:
                nxt = s.current
                con.print(render.question_body(nxt.question, "en", list(nxt.order or []) or None))
            t2 = time.perf_counter()
            commit.append((t1 - t0) * 1000)
            draw.append((t2 - t1) * 1000)
    return commit, draw


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--limit-ms", type=float, default=100.0)
    ap.add_argument("--quick", action="store_true", help="5 questions, the limit not enforced: does it still run?")
    args = ap.parse_args()
    if args.quick:
        args.count = 5

    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "DLPREP_HOME": home, "LC_ALL": "C.UTF-8", "TERM": "xterm-256color"}
        t = time.perf_counter()
        res = drive(args.count, args.seed, env)
        total = time.perf_counter() - t
    print(f"dlprep quiz through a pty: {len(res)} answers in {total:.1f} s (start-up included)")
    print(f"{'type':<11}{'n':>4}{'shown p50':>11}{'p95':>8}{'max':>8}{'ready p50':>11}{'max':>8}   (ms)")
    for t in [*TYPES, "all"]:
        rows = [r for r in res if t in ("all", r[0])]
        if not rows:
            continue
        shown, ready = [r[1] for r in rows], [r[2] for r in rows]
        print(f"{t:<11}{len(rows):>4}{statistics.median(shown):>11.1f}{pct(shown, 95):>8.1f}{max(shown):>8.1f}"
              f"{statistics.median(ready):>11.1f}{max(ready):>8.1f}")
    commit, draw = in_process(args.count, args.seed)
    print(f"in-process: judge+commit p50 {statistics.median(commit):.2f} ms (max {max(commit):.2f}), "
          f"render feedback+next p50 {statistics.median(draw):.2f} ms (max {max(draw):.2f})")
    worst = max(r[1] for r in res)
    ok = worst <= args.limit_ms
    print(f"{'PASS' if ok else 'FAIL'}: slowest answer-to-next-question {worst:.1f} ms (limit {args.limit_ms:g} ms)"
          + (" (--quick: not enforced)" if args.quick else ""))
    return 0 if ok or args.quick else 1


if __name__ == "__main__":
    sys.exit(main())
