"""A class of mixed submissions for one fast exercise (gather by hand, tensor_fn), built from the
exercise's own corpus: the reference and right/ answers (full marks), mutants and wrong/ answers
(diffs materialised with dlprep.mutants; they fail), the starter (unattempted), and files that
crash, hang, flood their output, do not parse or are not UTF-8. Each file gets a distinct
trailing comment, so every submission has its own content hash.

Shared by tests/test_grade*.py and benchmarks/grade_throughput.py.
"""

from __future__ import annotations

from pathlib import Path

from dlprep import mutants, paths

QID = "tensor.gather-dispatch.gather-by-hand"
EXERCISE = "gather_dim"

CRASHES = {
    # the process ends without a result: an error verdict, never a score
    "exits": "import os\n\ndef solve(x, dim, index):\n    os._exit(3)\n",
    "segfaults": "import ctypes\n\ndef solve(x, dim, index):\n    return ctypes.string_at(0)\n",
}
HANG = "def solve(x, dim, index):\n    while True:\n        pass\n"
FLOOD = "import sys\n\ndef solve(x, dim, index):\n    while True:\n        sys.stdout.write('x' * 65536)\n"
RAISES = "def solve(x, dim, index):\n    raise ValueError('not today')\n"  # every case fails: a fail
SYNTAX = "import torch\n\ndef solve(x, dim, index):\n    return x[[index]\n"

# kind -> the verdict status it must get
EXPECTED = {"right": "pass", "wrong": "fail", "mutant": "fail", "starter": "unattempted", "raises": "fail",
            "crash": "error", "hang": "timeout", "flood": "error", "syntax": "error", "binary": "error"}


def corpus() -> dict[str, list[str]]:
    """The exercise's files by kind, diffs materialised."""
    folder = paths.exercises_dir() / EXERCISE
    return {
        "right": [(folder / "reference.py").read_text()] + [m.source() for m in mutants.find(folder, "right")],
        "wrong": [m.source() for m in mutants.find(folder, "wrong")],
        "mutant": [m.source() for m in mutants.find(folder)],
        "starter": [(folder / "starter.py").read_text()],
    }


def build(root: Path, n: int = 50, hangs: int = 2, folders: int = 3) -> dict[str, str]:
    """Write n submissions under root (a class folder); returns submitter -> expected status.
    Special files (crashes, floods, ...) come first so a small n still holds each kind; `hangs`
    hanging files; the first `folders` right answers are folders holding solution.py."""
    root.mkdir(parents=True, exist_ok=True)
    c = corpus()
    special: list[tuple[str, str | bytes]] = [
        *[("crash", src) for src in CRASHES.values()], ("flood", FLOOD), ("raises", RAISES), ("syntax", SYNTAX),
        ("binary", b"def solve(x, dim, index):\n    return x  # \xff\xfe\n"), *[("hang", HANG)] * hangs]
    regular = [(kind, src) for kind in ("right", "wrong", "mutant", "starter") for src in c[kind]]
    expected: dict[str, str] = {}
    i = 0
    while len(expected) < n:
        kind, src = special[i] if i < len(special) else regular[(i - len(special)) % len(regular)]
        name = f"s{i:03d}-{kind}"
        tag = f"\n# submission {i}\n"
        data = src + tag.encode() if isinstance(src, bytes) else (src + tag).encode()
        if kind == "right" and folders > 0:
            folders -= 1
            (root / name).mkdir(exist_ok=True)
            (root / name / "solution.py").write_bytes(data)
        else:
            (root / f"{name}.py").write_bytes(data)
        expected[name] = EXPECTED[kind]
        i += 1
    return expected
