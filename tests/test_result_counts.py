"""The verdict is complete or it fails: for every family the grader knows how many results it
needs (one per case sent, public and hidden; torchrun: ranks of its world), and any other count is
a `results` error, never judged. One bank exercise per family, judged from hand-made facts."""

from __future__ import annotations

import pytest

from dlprep.bank import load_catalog
from dlprep.checkers import registry
from dlprep.checkers.base import load_exercise

# one exercise per family that lists its results per case (probe families included)
PER_CASE = {
    "tensor_fn": "tensor.matmul.batched-no-matmul",
    "stride_view": "tensor.contiguity.make-contiguous",
    "autograd": "autograd.engine.stable-softplus-function",
    "module": "module.internals.batchnorm-buffers",
    "hooks": "module.hooks.capture-linear-activations",
    "compile": "compile.torch-compile.fullgraph-rewrite",
    "dataloader": "data.dataloader.pad-collate",
    "fusion_pass": "compile.graph-opt.cse-pass",
    "triton": "triton.kernels.vector-add-masked",
}


@pytest.fixture(scope="module")
def questions():
    catalog, _ = load_catalog()
    assert catalog is not None
    return catalog.questions


def _family(questions, qid):
    q = questions[qid].q
    return registry.family(q.checker)(load_exercise(q))


@pytest.mark.parametrize("checker", sorted(PER_CASE))
def test_every_count_but_the_one_sent_fails_closed(questions, checker):
    qid = PER_CASE[checker]
    assert questions[qid].q.checker == checker
    fam = _family(questions, qid)
    public, hidden = fam.cases(7)
    sent = len(public) + len(hidden)
    assert fam.result_problem(public, hidden, {"cases": [{}] * sent}) is None
    for got in {0, len(public), sent - 1, sent + 1} - {sent}:
        problem = fam.result_problem(public, hidden, {"cases": [{}] * got})
        assert problem and f"{sent} cases were sent" in problem and f"returned {got} case results" in problem
    assert "not all of them results" in fam.result_problem(public, hidden, {"cases": [{}] * (sent - 1) + [[]]})
    assert "no list of case results" in fam.result_problem(public, hidden, {"cases": {"0": {}}})


def test_torchrun_needs_ranks_of_its_world(questions):
    qid = next(i for i, lq in questions.items() if getattr(lq.q, "checker", None) == "torchrun")
    fam = _family(questions, qid)
    public, hidden = fam.cases(7)
    world = int(fam.check.WORLD)
    ranks = {f"rank{r}": {"rank": r} for r in range(world)}
    assert fam.result_problem(public, hidden, {"ranks": ranks}) is None
    assert "rank 99" in fam.result_problem(public, hidden, {"ranks": {**ranks, "x": {"rank": 99}}})
    assert "rank '0'" in fam.result_problem(public, hidden, {"ranks": {"x": {"rank": "0"}}})
    assert "no per-rank results" in fam.result_problem(public, hidden, {"ranks": [1, 2]})
    assert fam.result_problem(public, hidden, {"launch_error": {"type": "X"}}) is None  # judged as the launch's
