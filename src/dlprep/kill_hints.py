"""Kill hints: for each known-wrong file of an exercise, one case that fails it when run alone.

verify must show that every mutant and wrong answer fails. Without a hint it grades the file on the
public cases, then on every case if those pass: a run of many cases, each starting DataLoader
workers, exporting a model or interpreting a Triton kernel. With a hint it first grades the file on
that one case (about a third of the time); the proof is as strong, because verify also grades the
reference alone on each hinted case and uses a hint only where the reference passes it. A hint
that no longer fails its file (the case list or the file changed) costs one short run, then the
full search runs as before; verify counts those as stale.

The hints live beside the corpus, `reference_impls/<ex>/kills.yaml` (`mutants/x.diff: case-name`),
and are written by

    python -m dlprep.kill_hints [EXERCISE...]             # every exercise's hints found afresh
    python -m dlprep.kill_hints --missing [EXERCISE...]   # only for files that have none (new ones)

which grades each file with the seed verify uses, case by case: first the cases already chosen for
the exercise (each distinct case costs verify one run of the reference), then the case its grading
(public cases, then every case) fails first, then the public cases and the hidden ones in order.
"""

from __future__ import annotations

import argparse
import sys
import zlib
from collections import Counter
from pathlib import Path
from typing import Any

import yaml

FILE = "kills.yaml"
HEADER = ("# For each known-wrong file: a case that fails it alone (verify runs it first).\n"
          "# Written by `python -m dlprep.kill_hints`; a stale hint only costs time.\n")
MAX_TRIED = 16  # cases tried alone per file before it is left without a hint
CHOSEN_TRIED = 6  # of them, the cases most chosen for the exercise's other files


def seed_of(qid: str) -> int:
    """The seed verify grades a question's files with: fixed, so hints and verdicts repeat."""
    return zlib.crc32(qid.encode())


def load(folder: Path) -> dict[str, str]:
    """The exercise's hints, `{"mutants/x.diff": case}`; none when the file is missing or unreadable
    (a hint is only a shortcut: without it verify does the full search)."""
    try:
        data = yaml.safe_load((folder / FILE).read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(k): str(v) for k, v in data.items() if isinstance(v, str)}


def key(folder: Path, path: Path) -> str:
    """A corpus file's key in the hints: its path below the exercise folder."""
    return path.relative_to(folder).as_posix()


def _failed_case(v: Any) -> str | None:
    """The case a verdict's first failing row names, where it names one."""
    from dlprep.checkers.repro import bare

    row = next((t for t in v.tests if t.status not in ("pass", "skip")), None)
    if row is None:
        return None
    if row.name.startswith(("public/", "hidden/")):
        return bare(row.name)
    case = row.details.get("case")  # the hidden cases' row names its first failing case
    return case if isinstance(case, str) else None


def find(lq: Any, grader: Any, known: dict[str, str] | None = None) -> dict[str, str]:
    """Every wrong file's hint for one coding question (the files no case fails alone get none);
    the files in `known` keep the hint given there."""
    from dlprep import mutants, verify
    from dlprep.checkers import registry
    from dlprep.checkers.base import load_exercise

    q = lq.q
    folder = load_exercise(q).folder
    seed = seed_of(q.id)
    fam = registry.family(q.checker)(load_exercise(q))
    public, hidden = fam.cases(seed)
    order = [c.name for c in (*public, *hidden)]
    reference = (folder / mutants.REFERENCE).read_text(encoding="utf-8")
    ref_ok: dict[str, bool] = {}

    def kills(source: str, case: str) -> bool:
        if case not in ref_ok:
            ref_ok[case] = verify.full_marks(grader.grade_source(q, reference, "reference.py", seed, case=case,
                                                                 shrink_failures=False))
        if not ref_ok[case]:
            return False
        return bool(grader.grade_source(q, source, "x.py", seed, case=case, shrink_failures=False).status != "pass")

    files = [*mutants.find(folder), *mutants.find(folder, "wrong")]
    # verify uses a hint only where its case is one the grading at that seed runs (see verify.hinted)
    hints = {k: v for k, v in (known or {}).items() if k in {key(folder, m.path) for m in files} and v in order}
    for m in files:
        if key(folder, m.path) in hints:
            continue
        try:
            source = m.source()
        except mutants.DiffError:
            continue
        # as verify searches without a hint: the public cases alone, then every case
        v = grader.grade_source(q, source, "x.py", seed, shrink_failures=False, public_only=True) if public else None
        if v is None or v.status == "pass":
            v = grader.grade_source(q, source, "x.py", seed, shrink_failures=False)
            if v.status == "pass":
                continue  # verify reports it; nothing to hint
        first = _failed_case(v)
        chosen = [c for c, _ in Counter(hints.values()).most_common(CHOSEN_TRIED)]
        tried = [c for c in dict.fromkeys([*chosen, *([first] if first else []), *order]) if c in order]
        for case in tried[:MAX_TRIED]:
            if kills(source, case):
                hints[key(folder, m.path)] = case
                break
    return hints


def write(folder: Path, hints: dict[str, str]) -> None:
    path = folder / FILE
    if not hints:
        path.unlink(missing_ok=True)
        return
    body = yaml.safe_dump(dict(sorted(hints.items())), allow_unicode=True, sort_keys=False, width=1000)
    path.write_text(HEADER + body, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    from dlprep import verify
    from dlprep.bank import load_catalog
    from dlprep.checkers.base import load_exercise
    from dlprep.checkers.grader import Grader

    ap = argparse.ArgumentParser(prog="python -m dlprep.kill_hints", description=__doc__.split("\n\n")[0])
    ap.add_argument("exercises", nargs="*", help="exercise folders' names or question ids (default: all)")
    ap.add_argument("--missing", action="store_true", help="keep the hints there; find those of files without one")
    args = ap.parse_args(argv)
    catalog, problems = load_catalog(spot_bug=False)
    if catalog is None:
        print(f"error: the banks do not load: {problems[0] if problems else '?'}", file=sys.stderr)
        return 2
    wanted = set(args.exercises)
    coding = [(lq, load_exercise(lq.q).folder) for lq in verify.select(catalog, [], "coding")]
    unknown = wanted - {folder.name for _, folder in coding} - {lq.id for lq, _ in coding}
    if unknown:
        print(f"error: no coding exercise named {', '.join(sorted(unknown))} (an exercise folder's name or a "
              "question id)", file=sys.stderr)
        return 2
    with Grader("cpu") as grader:
        for lq, folder in coding:
            if wanted and not {folder.name, lq.id} & wanted:
                continue
            hints = find(lq, grader, load(folder) if args.missing else None)
            write(folder, hints)
            print(f"{folder.name}: {len(hints)} hint(s), {len(set(hints.values()))} distinct case(s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
