"""Strict isolation across the families: for one exercise per family, the reference earns a
verified score (every value compared in the grader), and a mutant that gets values wrong still
fails on a verified check. What only the submission's process saw stays reported and advisory."""

from __future__ import annotations

import pytest

from dlprep.bank import load_catalog
from dlprep.checkers.grader import Grader
from dlprep.models import CodingQuestion
from tests.grading import exercise_source

# (question id, a mutant that gets a value wrong)
CASES = [
    ("autograd.engine.stable-softplus-function", "mutants/forgets_grad_output.py"),
    ("module.hooks.capture-linear-activations", "mutants/top_level_only.py"),
    ("module.internals.batchnorm-buffers", "mutants/biased_running_var.py"),
    ("compile.torch-compile.fullgraph-rewrite", "mutants/bucketize_left.py"),
    ("data.dataloader.pad-collate", "mutants/zeros_padding.py"),
    ("compile.graph-opt.cse-pass", "mutants/ignores_kwargs.py"),
    ("dist.ddp.code-allreduce-metric", "mutants/no_divide.py"),
    ("triton.kernels.vector-add-masked", "mutants/missing_mask.py"),
]


@pytest.fixture(scope="module")
def strict():
    g = Grader("cpu", isolation="strict")
    yield g
    g.close()


@pytest.fixture(scope="module")
def questions() -> dict[str, CodingQuestion]:
    catalog, _ = load_catalog()
    assert catalog is not None
    return {qid: catalog.questions[qid].q for qid, _ in CASES}


def _text(v) -> str:
    return "\n".join(f"{t.name} [{t.trust}{', advisory' if t.advisory else ''}] {t.status}: {t.message}"
                     for t in v.tests)


@pytest.mark.parametrize("qid, mutant", CASES, ids=[c[0].split(".")[-1] for c in CASES])
def test_reference_scores_verified_and_mutant_fails_verified(strict, questions, qid, mutant):
    q = questions[qid]
    ref = strict.grade_source(q, exercise_source(q.exercise), "reference.py", seed=5)
    assert ref.status == "pass" and ref.score == ref.max_score > 0, _text(ref)
    scored = [t for t in ref.tests if t.max_score > 0]
    assert scored and all(t.trust == "verified" and not t.advisory for t in scored), _text(ref)
    assert all(t.advisory for t in ref.tests if t.trust == "reported"), _text(ref)
    bad = strict.grade_source(q, exercise_source(q.exercise, mutant), "mutant.py", seed=5)
    assert bad.status in ("fail", "error") and bad.score < bad.max_score, _text(bad)
    assert any(t.trust == "verified" and t.status == "fail" for t in bad.tests), _text(bad)
