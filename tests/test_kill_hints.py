"""Kill hints (kill_hints.py): one case per known-wrong file that fails it alone. verify runs it first
and falls back to the full search when the hint is stale; the tool only writes hints that are true."""

from __future__ import annotations

import itertools

import pytest

from dlprep import kill_hints, mutants, verify
from dlprep.bank import load_catalog
from dlprep.checkers import contract
from dlprep.checkers import grader as grader_mod
from dlprep.checkers.base import load_exercise
from tests.banks import linked_exercises

QID = "tensor.contiguity.make-contiguous"


def test_hints_round_trip_and_a_broken_file_is_no_hints(tmp_path):
    kill_hints.write(tmp_path, {"wrong/b.py": "two", "mutants/a.diff": "one"})
    assert kill_hints.load(tmp_path) == {"mutants/a.diff": "one", "wrong/b.py": "two"}
    assert (tmp_path / kill_hints.FILE).read_text().startswith("# ")
    (tmp_path / kill_hints.FILE).write_text("a: [unclosed\n")
    assert kill_hints.load(tmp_path) == {}  # a hint is a shortcut: without it verify searches in full
    kill_hints.write(tmp_path, {})
    assert not (tmp_path / kill_hints.FILE).exists()


@pytest.fixture
def exercise(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    """The bank's exercises, with make_contiguous copied so that its hints can be rewritten."""
    root = linked_exercises(tmp_path / "exercises", own=("make_contiguous",))
    ex = root / "make_contiguous"
    # a few files keep the test short: mutants failing public cases, a wrong answer failing only a
    # hidden contract case (bfloat16, which numpy lacks), and no right answers
    keep = {"never_copies.py", "always_copies.diff", "numpy_ascontiguous.py", "descending_strides.diff"}
    for f in [*ex.glob("mutants/*"), *ex.glob("wrong/*"), *ex.glob("right/*")]:
        if f.is_file() and f.name not in keep:
            f.unlink()
    monkeypatch.setenv("DLPREP_EXERCISES", str(root))
    catalog, problems = load_catalog(spot_bug=False)
    assert catalog is not None, problems
    return catalog.questions[QID]


def test_every_hint_fails_its_file_alone_and_the_reference_passes_it_and_verify_uses_them(exercise, monkeypatch):
    lq = exercise
    q = lq.q
    folder = load_exercise(q).folder
    seed = kill_hints.seed_of(q.id)
    calls: list[tuple[str, str | None, bool]] = []
    grade = grader_mod.Grader.grade_source

    def logged(self, q, source, name="solution.py", seed=None, case=None, shrink_failures=True,  # type: ignore[no-untyped-def]
               public_only=False):
        calls.append((name, case, public_only))
        return grade(self, q, source, name, seed, case, shrink_failures, public_only)

    with grader_mod.Grader() as g:
        hints = kill_hints.find(lq, g)
        wrong = [*mutants.find(folder), *mutants.find(folder, "wrong")]
        assert set(hints) == {kill_hints.key(folder, m.path) for m in wrong}  # every one has a case
        assert "bfloat16" in hints["wrong/numpy_ascontiguous.py"]  # found from the hidden row's first failure
        reference = (folder / "reference.py").read_text()
        for case in set(hints.values()):
            v = g.grade_source(q, reference, "reference.py", seed, case=case)
            assert v.status == "pass" and v.score == v.max_score, case
        for m in wrong:
            v = g.grade_source(q, m.source(), "x.py", seed, case=hints[kill_hints.key(folder, m.path)])
            assert v.status != "pass", m.name
            assert len([t for t in v.tests if t.name.startswith(("public/", "hidden/"))]) <= 1  # one case ran

        # verify: one run per wrong file, on its hinted case; a stale hint costs the full search,
        # which still catches the file, and is named. Stale: a case that is gone, and a contract
        # point that the grading at verify's seed does not draw (it would still be built and run
        # from its name, but a failure there is not a failure of the grading verify speaks for)
        drawn = g.case_names(q, seed)
        axes = contract.load(folder).axes
        undrawn = next(n for n in (contract.case_name(tuple((a.name, v) for a, v in zip(axes, vs, strict=True)))
                                   for vs in itertools.product(*(a.values for a in axes))) if n not in drawn)
        stale = {kill_hints.key(folder, wrong[0].path): "no-such-case", kill_hints.key(folder, wrong[1].path): undrawn}
        kill_hints.write(folder, {**hints, **stale})
        monkeypatch.setattr(grader_mod.Grader, "grade_source", logged)
        r = verify._check_exercise(lq, g)
    assert r.status == "passed", r
    assert any("2 kill hint(s) stale" in d and wrong[0].path.stem in d and wrong[1].path.stem in d
               for d in r.details), r.details
    for m in wrong[2:]:
        runs = [c for c in calls if c[0] == m.path.with_suffix(".py").name]
        assert runs == [(m.path.with_suffix(".py").name, hints[kill_hints.key(folder, m.path)], False)], runs
    for m in wrong[:2]:
        searched = [c for c in calls if c[0] == m.path.with_suffix(".py").name]
        assert searched and all(case is None for _, case, _ in searched)  # searched as without a hint


def test_an_unknown_exercise_is_one_line_and_exit_2(capsys):
    assert kill_hints.main(["no_such_exercise"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no_such_exercise" in err
