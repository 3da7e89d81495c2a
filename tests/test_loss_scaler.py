"""The module family's `scaler` probe (loss_scaler): the exercise's reference agrees with
torch.amp.GradScaler("cpu") bit for bit outside the grader too, and the judge's own messages (the
exercise's mutants and corpus are proved by `dlprep verify`)."""

from __future__ import annotations

import random

import torch

from tests.conftest import coding_question
from tests.grading import exercise_source, failure

# the bank's config, the tolerances included
Q = coding_question("loss_scaler", "module", rtol=1e-5, atol=1e-7).model_copy(update={"entry": "LossScaler"})


def _run(make, trial):
    """12 iterations of two SGD optimizers with random overflows (inf, -inf, nan, or finite values that
    overflow once scaled) and unscale_ + clip_grad_norm_ on about half of them."""
    rnd = random.Random(trial)
    dt = rnd.choice([torch.float32, torch.float64])
    hyper = {"init_scale": rnd.choice([1.0, 256.0, 65536.0, 2.0**126]), "growth_factor": rnd.choice([2.0, 3.0, 1.5]),
             "backoff_factor": rnd.choice([0.5, 0.25]), "growth_interval": rnd.choice([1, 2, 3])}
    gen = torch.Generator().manual_seed(trial)
    ps = [torch.nn.Parameter(torch.randn(3, generator=gen, dtype=dt) * 0.1) for _ in range(3)]
    opts = [torch.optim.SGD(ps[:1], lr=0.3, momentum=0.5), torch.optim.SGD(ps[1:], lr=0.3)]
    scaler = make(**hyper)
    out = []
    for _ in range(12):
        for o in opts:
            o.zero_grad()
        cs = [torch.randn(3, generator=gen, dtype=dt) * 0.01 for _ in ps]
        if rnd.random() < 0.3:
            cs[rnd.randrange(3)][rnd.randrange(3)] = rnd.choice([float("inf"), float("-inf"), float("nan"),
                                                               torch.finfo(dt).max / 2])
        scaler.scale(sum((c * p).sum() for c, p in zip(cs, ps, strict=True)) * 0.01).backward()
        if rnd.random() < 0.5:
            for o in opts:
                scaler.unscale_(o)
            torch.nn.utils.clip_grad_norm_(ps, 0.01)
        for o in opts:
            scaler.step(o)
        scaler.update()
        out.append((scaler.get_scale(), [p.detach().nan_to_num() for p in ps], [p.grad.nan_to_num() for p in ps]))
    return out


def test_the_reference_agrees_with_grad_scaler_bit_for_bit():
    namespace: dict[str, object] = {}
    exec(compile(exercise_source("loss_scaler"), "reference.py", "exec"), namespace)
    for trial in range(60):
        theirs = _run(lambda **h: torch.amp.GradScaler("cpu", **h), trial)
        mine = _run(namespace["LossScaler"], trial)
        for (s1, p1, g1), (s2, p2, g2) in zip(mine, theirs, strict=True):
            assert s1 == s2, trial
            assert all(torch.equal(a, b) for a, b in zip(p1 + g1, p2 + g2, strict=True)), trial


def test_a_scale_returned_as_a_tensor_and_a_shared_inf_flag_have_their_messages(grader):
    as_tensor = exercise_source("loss_scaler").replace("return float(self._scale)", "return self._scale")
    assert "get_scale() returned a tensor, expected a Python float" in failure(grader, Q, as_tensor)
    shared = exercise_source("loss_scaler").replace("if not self._found_inf[id(optimizer)]:",
                                                    "if not any(self._found_inf.values()):")
    assert "only the gradients of the optimizer being stepped decide" in failure(grader, Q, shared)
