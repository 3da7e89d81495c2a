"""Mutants stored as diffs: the strict apply, the converter's round trip, and the shipped tree."""

from __future__ import annotations

import pytest

from dlprep import mutants
from dlprep.mutants import DiffError
from tests.banks import REPO

REFERENCE = ("import torch\n\n\ndef solve(x):\n    y = x + 1\n    z = y * 2\n    return z\n\n\n"
             "def helper():\n    return 0\n")
MUTANT = "# Adds 2 instead of 1.\n" + REFERENCE.replace("x + 1", "x + 2")


def _exercise(tmp_path, mutant_files):
    folder = tmp_path / "ex"
    (folder / "mutants").mkdir(parents=True)
    (folder / "reference.py").write_text(REFERENCE)
    for name, text in mutant_files.items():
        (folder / "mutants" / name).write_text(text)
    return folder


def test_a_diff_gives_the_mutant_back_to_the_byte():
    diff = mutants.make(REFERENCE, MUTANT, "plus_two.py")
    assert diff.startswith("# Adds 2 instead of 1.\n--- reference.py\n+++ mutants/plus_two.py\n@@ ")
    assert "-    y = x + 1\n+    y = x + 2\n" in diff
    assert mutants.render(diff, REFERENCE) == MUTANT


def test_a_change_elsewhere_in_the_reference_reaches_the_mutant():
    diff = mutants.make(REFERENCE, MUTANT, "plus_two.py")
    moved = "import math\n" + REFERENCE.replace("return 0", "return 1")
    assert mutants.render(diff, moved) == MUTANT.replace("import torch", "import math\nimport torch").replace(
        "return 0", "return 1")


def test_a_hunk_whose_lines_are_gone_is_an_error():
    diff = mutants.make(REFERENCE, MUTANT, "plus_two.py")
    with pytest.raises(DiffError, match=r"hunk 1 \(reference line \d+\) does not match reference.py"):
        mutants.render(diff, REFERENCE.replace("z = y * 2", "z = y * 3"))


@pytest.mark.parametrize("text, message", [
    ("--- reference.py\n+++ m.py\n@@ -1 +1 @@\n-a\n+b\n", "no description"),
    ("# d\n@@ -1 +1 @@\n-a\n+b\n", "expected the `--- reference.py`"),
    ("# d\n--- reference.py\n+++ m.py\n", "no hunks"),
    ("# d\n--- reference.py\n+++ m.py\n@@ -1,2 +1,2 @@\n-a\n+b\n", "ends early"),
    ("# d\n--- reference.py\n+++ m.py\n@@ -1 +1 @@\n*a\n+b\n", "starts with '*'"),
])
def test_malformed_diffs_are_named(text, message):
    with pytest.raises(DiffError, match=message):
        mutants.parse(text)


def test_find_counts_both_kinds_and_source_names_a_stale_file(tmp_path):
    folder = _exercise(tmp_path, {"plus_two.diff": mutants.make(REFERENCE, MUTANT, "plus_two.py"),
                                  "rewrite.py": "# Other program.\ndef solve(x):\n    return x\n"})
    found = mutants.find(folder)
    assert [m.name for m in found] == ["plus_two.diff", "rewrite.py"]
    assert found[0].description == "Adds 2 instead of 1."
    assert mutants.source_of(folder, "plus_two") == MUTANT
    (folder / "reference.py").write_text(REFERENCE.replace("x + 1", "x - 1"))
    with pytest.raises(DiffError, match=r"ex/mutants/plus_two.diff: hunk 1"):
        found[0].source()
    assert len(mutants.problems(folder)) == 1


def test_converter_round_trip_keeps_rewrites_as_py(tmp_path):
    rewrite = "# Other program.\ndef solve(x):\n    return x\n"
    folder = _exercise(tmp_path, {"plus_two.py": MUTANT, "rewrite.py": rewrite})
    assert mutants.from_py(folder) == ["ex/mutants/plus_two: .py -> .diff against reference.py"]
    assert sorted(p.name for p in (folder / "mutants").iterdir()) == ["plus_two.diff", "rewrite.py"]
    assert mutants.problems(folder) == []
    assert mutants.to_py(folder) == ["ex/mutants/plus_two: .diff -> .py"]
    assert (folder / "mutants" / "plus_two.py").read_text() == MUTANT
    (problem,) = mutants.problems(folder)  # a near-copy .py is flagged until converted again
    assert "ex/mutants/plus_two.py is a near-copy of another file of the exercise" in problem


SIBLING = ("# Loops instead of adding.\ndef solve(x):\n    out = x.clone()\n    for _ in range(3):\n"
           "        out = out + 1\n    return out\n\n\ndef unused():\n    return 1\n")


def test_corpus_answers_become_diffs_against_the_closest_py_and_never_chain(tmp_path):
    folder = _exercise(tmp_path, {})
    for kind, name, text in [("right", "loop.py", SIBLING),
                             ("wrong", "loop_twice.py", "# Two steps.\n" + SIBLING[SIBLING.index("\n") + 1:]
                              .replace("range(3)", "range(2)")),
                             ("wrong", "plus_two.py", MUTANT)]:
        (folder / kind).mkdir(exist_ok=True)
        (folder / kind / name).write_text(text)
    done = mutants.from_py(folder)
    # wrong/ is stored before right/: loop_twice's closest .py is then right/loop.py only if that
    # was kept first; CORPUS order is wrong, right, so it is kept as a base itself.
    assert "ex/wrong/plus_two: .py -> .diff against reference.py" in done
    texts = {p.relative_to(folder).as_posix(): p for p in folder.rglob("*") if p.is_file()}
    stored = [k for k in texts if k.startswith(("wrong/", "right/"))]
    for key in stored:
        if key.endswith(".diff"):
            base = mutants.base_of(texts[key].read_text())
            assert base.endswith(".py") and (folder / base).is_file()  # a base is never a diff
    assert mutants.find(folder, "wrong")[1].source() == MUTANT
    assert mutants.problems(folder) == []
    (folder / "wrong" / "plus_two.diff").write_text(
        (folder / "wrong" / "plus_two.diff").read_text().replace("--- reference.py", "--- ../../etc/passwd"))
    (problem,) = mutants.problems(folder)
    assert "is not a .py file of the exercise" in problem


def test_shipped_mutants_and_answers_apply_and_no_py_copies_another():
    root = REPO / "reference_impls"
    found = [p for ex in sorted(root.iterdir()) if (ex / "reference.py").is_file() for p in mutants.problems(ex)]
    assert found == []
