"""Gradings of one exercise at one seed share their cases and the oracle's results (Grader._prepare,
Family.share): built once for verify's ~25 files per exercise, with the verdicts a fresh Grader gives.
And verify runs a right answer again when a time limit alone failed it."""

from __future__ import annotations

from pathlib import Path

import pytest

from dlprep import verify
from dlprep.bank import load_catalog
from dlprep.checkers import grader as grader_mod
from dlprep.checkers.base import load_exercise
from dlprep.checkers.families.hooks.judge import HooksFamily
from dlprep.results import CheckResult, summarise

SEED = 11


def _question(qid: str):  # type: ignore[no-untyped-def]
    catalog, problems = load_catalog(spot_bug=False)
    assert catalog is not None, problems
    return catalog.questions[qid]


def _digest(v):  # type: ignore[no-untyped-def]
    return v.status, v.score, [(t.name, t.status, t.message) for t in v.tests]


@pytest.mark.parametrize("qid", ["tensor.contiguity.make-contiguous", "module.hooks.scale-input-pre-hook"])
def test_cases_and_oracle_results_are_built_once_per_seed_with_the_same_verdicts(qid, monkeypatch):
    lq = _question(qid)
    q = lq.q
    folder = load_exercise(q).folder
    files = {"reference.py": (folder / "reference.py").read_text(), "starter.py": (folder / "starter.py").read_text()}
    built = []
    family = type(grader_mod.registry.family(q.checker)(load_exercise(q)))
    original_cases = family.cases
    monkeypatch.setattr(family, "cases", lambda self, seed: built.append(seed) or original_cases(self, seed))
    probed = []
    if family is HooksFamily:
        probe = HooksFamily.probes[load_exercise(q).check.PROBE]
        monkeypatch.setitem(HooksFamily.probes, load_exercise(q).check.PROBE,
                            lambda entry, case, options: probed.append(1) or probe(entry, case, options))
    with grader_mod.Grader() as g:
        # the first grading of each file builds or shares what a fresh Grader builds; the second
        # reuses it: the same verdict, check by check
        first = {name: _digest(g.grade_source(q, source, name, SEED)) for name, source in files.items()}
        for name, source in files.items():
            assert _digest(g.grade_source(q, source, name, SEED)) == first[name]
        assert first["reference.py"][0] == "pass" and first["starter.py"][0] == "unattempted"
        assert built == [SEED]  # four gradings, one build
        prep = next(iter(g._prepared.values()))
        if family is HooksFamily:
            n = len(prep.public) + len(prep.hidden)
            assert len(probed) == n  # the oracle's probe, once per case (the user's run in the sandbox)
        g.grade_source(q, files["reference.py"], "reference.py", SEED + 1)
        assert built == [SEED, SEED + 1]  # another seed, other cases
        fewer = q.model_copy(update={"config": {**q.config, "hidden": 1}})  # the same id, another config
        v = g.grade_source(fewer, files["reference.py"], "reference.py", SEED)
        assert built == [SEED, SEED + 1, SEED] and v.hidden["count"] < len(prep.hidden)
        g.grade_source(q, files["reference.py"], "reference.py")
        assert len(built) == 4  # a drawn seed is never kept


def _verdict(status: str, message: str = "") -> object:
    test = CheckResult("hidden (3 cases)", status, 1.0 if status == "pass" else 0.0, 1.0, message, trust="verified")
    return summarise("q", [test], 0.0, {}, {})


class _Stub:
    """A grader whose right answers time out on the first run, as on a loaded machine."""

    def __init__(self, slow_runs: int):
        self.slow_runs = slow_runs
        self.runs: list[str] = []

    def public_count(self, q, seed):  # type: ignore[no-untyped-def]
        return 0

    def case_names(self, q, seed):  # type: ignore[no-untyped-def]
        return set()

    def grade_source(self, q, source, name, seed, shrink_failures=True, public_only=False):  # type: ignore[no-untyped-def]
        self.runs.append(name)
        if name == "starter.py":
            return _verdict("unattempted")
        if name in ("reference.py", "r.py"):
            if name == "r.py" and self.runs.count(name) <= self.slow_runs:
                return _verdict("timeout", "did not finish within 6 s")
            return _verdict("pass")
        return _verdict("fail", "wrong values")


@pytest.mark.parametrize("slow_runs, status", [(1, "passed"), (2, "failed")])
def test_a_right_answer_that_only_ran_out_of_time_is_run_once_more(slow_runs, status, tmp_path, monkeypatch):
    ex = tmp_path / "ex"
    for sub in ("mutants", "wrong", "right"):
        (ex / sub).mkdir(parents=True)
    lq = _question("tensor.contiguity.make-contiguous")
    src = load_exercise(lq.q).folder
    for name in ("reference.py", "starter.py", "check.py"):
        (ex / name).write_text((src / name).read_text())
    (ex / "wrong" / "w.py").write_text("# Wrong: returns x as it is\ndef solve(x):\n    return x\n")
    (ex / "right" / "r.py").write_text("# Right: another way\ndef solve(x):\n    return x.contiguous()\n")
    monkeypatch.setattr("dlprep.checkers.base.load_exercise", lambda q: type("E", (), {"folder": Path(ex)})())
    monkeypatch.setattr(verify.coach, "whole_solution", lambda q: None)
    stub = _Stub(slow_runs)
    r = verify._check_exercise(lq, stub)
    assert r.status == status, r
    assert stub.runs.count("r.py") == 2 and stub.runs.count("w.py") == 1  # a wrong answer is never rerun
    if status == "passed":
        assert any("r.py hit a time limit once" in d for d in r.details)
    else:
        assert "right answer right/r" in r.message
