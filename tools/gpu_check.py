"""The GPU half of `dlprep verify`, in one call on a lent GPU (CI has none).

    python tools/gpu_check.py --out DIR [--full] [--budget-s 270]

1. Every question that `requires: [cuda]` (its probe, output snippet or judge), through
   `dlprep verify`'s own code on `--device cuda`.
2. Every Triton exercise compiled, not interpreted (TRITON_INTERPRET=0, CUDA tensors): its
   reference graded with `--device cuda` must get full marks (`--full`: the starter, mutants and
   corpus too, as `dlprep verify` proves them).
3. A speed table, KernelBench's fast_p style: each Triton reference against torch eager on the
   exercise's timing case (the triton family's own `speed` row: triton.testing.do_bench, median),
   the speed-up per problem, and fast_1 = the share of problems that are correct and faster than
   eager.

Writes DIR/gpu_check.json and DIR/speed.md, and prints progress as it goes. Without CUDA it is a dry
run: it lists what it would run, writes the plan to DIR, and exits 0 (CI runs that). Exit status 1
when anything failed. Needs nothing beyond the repository's venv; about 2-3 minutes on one H100.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
import zlib
from pathlib import Path
from typing import Any

from dlprep import bank, paths, verify  # noqa: E402
from dlprep.models import CodingQuestion  # noqa: E402

T0 = time.monotonic()


def say(msg: str) -> None:
    print(f"[{time.monotonic() - T0:6.1f} s] {msg}", flush=True)


def plan(catalog: bank.Catalog) -> dict[str, list[str]]:
    qs = sorted(catalog.questions.values(), key=lambda lq: lq.id)
    return {"cuda_questions": [lq.id for lq in qs if "cuda" in lq.q.requires],
            "triton_exercises": [lq.id for lq in qs if isinstance(lq.q, CodingQuestion) and lq.q.checker == "triton"]}


def check_questions(catalog: bank.Catalog, ids: list[str]) -> list[dict[str, Any]]:
    selection = [catalog.questions[i] for i in ids]
    say(f"step 1: {len(selection)} question(s) that require CUDA, on --device cuda")
    done = []

    def each(r: verify.QuestionResult) -> None:
        done.append(r)
        say(f"  [{len(done)}/{len(selection)}] {r.status:12s} {r.id} ({r.duration_s:.1f} s) {r.message[:120]}")
        for d in r.details if r.status != "passed" else ():  # what it printed: the one GPU run must say why
            say("      " + d.replace("\n", "\n      ")[:1500])

    report = verify.run(catalog, selection, verify.LocalExecutor(1, "cuda"), each, with_coverage=False)
    return [{"id": r.id, "kind": r.kind, "status": r.status, "message": r.message, "seconds": r.duration_s,
             "details": list(r.details)} for r in report.results]


def grade_triton(catalog: bank.Catalog, ids: list[str], full: bool, deadline: float) -> list[dict[str, Any]]:
    from dlprep.checkers.base import load_exercise
    from dlprep.checkers.grader import Grader

    say(f"step 2: {len(ids)} Triton exercise(s), compiled, references graded on --device cuda"
        + (" (with starter, mutants and corpus)" if full else ""))
    rows = []
    with Grader("cuda") as grader:
        for n, qid in enumerate(ids, 1):
            lq = catalog.questions[qid]
            q = lq.q
            assert isinstance(q, CodingQuestion)
            if time.monotonic() > deadline:
                rows.append({"id": qid, "status": "not run", "message": "over the time budget"})
                say(f"  [{n}/{len(ids)}] not run (over the time budget): {qid}")
                continue
            t0 = time.monotonic()
            source = (load_exercise(q).folder / "reference.py").read_text(encoding="utf-8")
            v = grader.grade_source(q, source, "reference.py", zlib.crc32(q.id.encode()))
            speed = next((t for t in v.tests if t.name == "speed"), None)
            details = dict(speed.details) if speed is not None and speed.details else {}
            ok = v.status == "pass" and v.score == v.max_score
            bad = [f"{t.name}: {t.status} {(t.message or '')[:100]}" for t in v.tests
                   if t.status not in ("pass", "skip")]
            row = {"id": qid, "exercise": q.exercise, "status": "passed" if ok else "failed",
                   "score": f"{v.score:g}/{v.max_score:g}", "message": "; ".join(bad[:3]),
                   "triton_ms": details.get("triton_ms"), "torch_ms": details.get("torch_ms"),
                   "speed_note": speed.message if speed is not None else "no speed row",
                   "seconds": round(time.monotonic() - t0, 2)}
            if full and ok:
                r = verify.verify_question(lq, grader, verify.environment())
                row["full"] = {"status": r.status, "message": r.message}
                row["status"] = "passed" if r.status == "passed" else "failed"
            rows.append(row)
            say(f"  [{n}/{len(ids)}] {row['status']:8s} {qid} {row['score']} ({row['seconds']:.1f} s) "
                f"{row['speed_note'] or ''}"[:200])
    return rows


def _ms(x: Any) -> str:
    return f"{x:.4f}" if isinstance(x, int | float) else "-"


def speed_table(rows: list[dict[str, Any]]) -> tuple[str, dict[str, Any]]:
    """Markdown table and summary: speed-up = torch eager time / Triton reference time."""
    lines = ["| exercise | correct | triton ms | torch eager ms | speed-up |", "| --- | --- | ---: | ---: | ---: |"]
    measured = []
    for r in rows:
        t, e = r.get("triton_ms"), r.get("torch_ms")
        up = (e / t) if isinstance(t, int | float) and isinstance(e, int | float) and t > 0 else None
        r["speedup"] = up
        if up is not None:
            measured.append((r["status"] == "passed", up))
        lines.append(f"| {r.get('exercise', r['id'])} | {'yes' if r['status'] == 'passed' else 'no'} | {_ms(t)} | "
                     f"{_ms(e)} | {f'{up:.2f}x' if up is not None else '-'} |")
    total = len(rows)
    fast = {f"fast_{p:g}": (sum(ok and up > p for ok, up in measured) / total if total else None)
            for p in (0.5, 1.0, 1.5, 2.0)}
    lines.append("")
    lines.append(f"fast_1 (correct and faster than torch eager): {fast['fast_1']:.0%} of {total} problem(s)"
                 if total else "no problem measured")
    return "\n".join(lines) + "\n", {"problems": total, "measured": len(measured), **fast}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, required=True, help="folder for gpu_check.json and speed.md")
    ap.add_argument("--full", action="store_true", help="also the Triton exercises' starter, mutants and corpus")
    ap.add_argument("--dry-run", action="store_true", help="list what would run, run nothing")
    ap.add_argument("--budget-s", type=float, default=270.0, help="stop starting exercises after this long")
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    catalog = bank.catalog_or_raise()
    todo = plan(catalog)
    import torch

    cuda = torch.cuda.is_available()
    device = torch.cuda.get_device_name(0) if cuda else None
    if args.dry_run or not cuda:
        say(("dry run" if args.dry_run else "no CUDA device: dry run") + f" (exercises under {paths.exercises_dir()})")
        for step, ids in todo.items():
            say(f"{step}: {len(ids)}")
            for i in ids:
                print(f"    {i}", flush=True)
        (args.out / "gpu_check.json").write_text(json.dumps({"dry_run": True, "plan": todo}, indent=2))
        (args.out / "speed.md").write_text("dry run: nothing measured\n")
        return 0
    say(f"device: {device}; torch {torch.__version__}")
    questions = check_questions(catalog, todo["cuda_questions"])
    exercises = grade_triton(catalog, todo["triton_exercises"], args.full, T0 + args.budget_s)
    table, summary = speed_table(exercises)
    failed = [r["id"] for r in (*questions, *exercises) if r["status"] not in ("passed", "skipped")]
    result = {"dry_run": False, "device": device, "torch": torch.__version__,
              "seconds": round(time.monotonic() - T0, 1),
              "questions": questions, "triton": exercises, "speed": summary, "failed": failed}
    (args.out / "gpu_check.json").write_text(json.dumps(result, indent=2))
    (args.out / "speed.md").write_text(f"# Triton references against torch eager ({device})\n\n{table}")
    print(table, flush=True)
    say(f"done: {len(failed)} failed" + (f": {', '.join(failed)}" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    # Set only when run as the tool: a test that imports this module must not change the
    # environment every later sandbox worker of the test session inherits.
    os.environ["TRITON_INTERPRET"] = "0"  # before triton is imported anywhere: kernels are compiled
    sys.exit(main())
