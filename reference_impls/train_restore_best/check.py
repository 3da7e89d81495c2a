"""Trusted checker data for `train_restore_best` (imported by the grader only).

The probe seeds the global RNG before calling the entry, so the oracle below, rerun here with the
same seed, sees the same dropout masks and gives the losses and the best weights to expect.

Threat list (how a candidate gets this wrong -> what kills it):
- no zero_grad, no eval() for validation, no train() after the first validation -> the
  per-epoch validation losses (diagnosed).
- the best state kept by reference (state_dict() or a shallow dict copy), or a deepcopied model
  bound to a local name -> the final weights (the best epoch is never the last, by construction).
- the last epoch kept on a tie (`<=` instead of `<`; the prompt asks for the first) -> tied-losses,
  where every epoch's validation loss is exactly equal and the epochs' weights alternate.
- tensors instead of Python floats in the returned list -> the loss type check.
- extra random numbers drawn -> the replayed losses diverge.
- validation without torch.no_grad() (values unchanged) -> the probe counts eval-mode forwards
  run with gradients enabled.
"""

import copy
import functools
import math

import torch
from torch.nn import functional as F

from dlprep.checkers.families import model_spec
from dlprep.checkers.families.module import child as module_child
from dlprep.checkers.families.probe_family import SpecCase

PROBE = "train"
HINTS = {
    "losses": "(per batch: zero_grad, forward, mse_loss, backward, step; validate in eval mode under no_grad; "
              "back to train mode for the next epoch; draw no other random numbers)",
    "best": "(model.state_dict() returns references to the live tensors, which keep changing: keep a copy, e.g. "
            "copy.deepcopy(model.state_dict()), and load_state_dict it at the end)",
}


def _loop(model, train, val, epochs, lr, snapshots=None, zero_grad=True, eval_mode=True, back_to_train=True):
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    losses, best, best_state = [], math.inf, None
    model.train()
    for _ in range(epochs):
        if back_to_train:
            model.train()
        for x, y in train:
            if zero_grad:
                opt.zero_grad()
            F.mse_loss(model(x), y).backward()
            opt.step()
        if eval_mode:
            model.eval()
        with torch.no_grad():
            loss = F.mse_loss(model(val[0]), val[1]).item()
        losses.append(loss)
        state = copy.deepcopy(model.state_dict())
        if snapshots is not None:
            snapshots.append(state)
        if loss < best:
            best, best_state = loss, state
    model.load_state_dict(best_state)
    model.eval()
    return losses


def oracle(model, train, val, epochs, lr, snapshots=None):
    return _loop(model, train, val, epochs, lr, snapshots)


DIAGNOSES = [
    (functools.partial(_loop, zero_grad=False), "the gradients are never zeroed, so every step applies the sum "
                                                "of all gradients so far: call opt.zero_grad() before backward"),
    (functools.partial(_loop, eval_mode=False), "validation ran in training mode: Dropout was still dropping "
                                                "(and drawing random numbers); no_grad alone does not switch it "
                                                "off, model.eval() does"),
    (functools.partial(_loop, back_to_train=False), "after the first validation the model stays in eval mode, "
                                                    "so Dropout is off while training: call model.train() at "
                                                    "the start of every epoch"),
]


def _candidate(gen, d, hidden, n_batches, batch, epochs, lr, p):
    spec = {"type": "Sequential", "children": [model_spec.linear(d, hidden), {"type": "ReLU"},
                                               {"type": "Dropout", "p": p}, model_spec.linear(hidden, 1)]}
    w = torch.randn(d, 1, generator=gen)
    train = []
    for _ in range(n_batches):
        x = torch.randn(batch, d, generator=gen)
        train.append([x, x @ w + 0.5 * torch.randn(batch, 1, generator=gen)])
    xv = torch.randn(16, d, generator=gen)
    return {"model": spec, "state": model_spec.initial_state(spec, int(torch.randint(0, 2**31, (), generator=gen))),
            "seed": int(torch.randint(0, 2**31, (), generator=gen)), "train": train, "val": [xv, xv @ w],
            "epochs": epochs, "lr": lr}


DRAWS = 12  # each draw is an oracle run, paid by every grading that draws the case


def _case(name, gen, d=4, hidden=12, n_batches=2, batch=8, epochs=6, lr=0.1, p=0.3):
    """Draw data until the oracle's best epoch is clearly not the last one (so that returning the
    last weights is visibly wrong) and every loss is finite. One large full batch descends smoothly,
    its best epoch nearly always the last: after every four finite draws that miss, the step
    doubles so that it can overshoot. A draw that diverges halves it: one-row batches over a dozen
    epochs at a high dropout diverged on every one of the DRAWS draws at the doubled steps, and the
    oracle then had no best weights to restore (the grading crashed). After DRAWS misses the first
    finite draw stands (a weaker case, which the public cases and the other points make up for,
    rather than seconds of redrawing per grading); halving until one is finite costs more draws
    only where none was."""
    first = spec = None
    scale, misses, draw = 1.0, 0, 0
    while draw < DRAWS or first is None:
        if draw >= 4 * DRAWS:
            raise RuntimeError(f"{name}: no draw of {4 * DRAWS} trains to finite losses")
        draw += 1
        spec = _candidate(gen, d, hidden, n_batches, batch, epochs, lr * scale, p)
        try:
            with model_spec.private_global_rng():
                out = module_child.train_probe(oracle, spec, {})["out"]
            losses = [i["value"] for i in out["items"]]
        except (RuntimeError, TypeError, ValueError):  # a diverged draw (no finite loss to keep a best from)
            losses = [math.inf]
        if not all(math.isfinite(v) and v < 1e3 for v in losses):
            scale /= 2
            continue
        first = first or spec
        best = min(range(epochs), key=losses.__getitem__)
        if best < epochs - 1 and losses[-1] > 1.05 * losses[best]:
            break
        misses += 1
        if misses % 4 == 0:
            scale *= 2
    else:
        spec = first
    return SpecCase(name, (), spec=spec, label=f"{model_spec.render(spec['model'])}, {n_batches} batches of {batch}, "
                                               f"{epochs} epochs, lr={spec['lr']:g}")


def _tie_case(name, gen, d=4, hidden=6, epochs=4):
    """Every epoch's validation loss ties exactly, and consecutive epochs hold different weights.

    The hidden bias is so negative that every ReLU is dead on every input, so only the output bias
    learns; with targets all 1 and lr=1, SGD reflects it about 1 each step (0.25 <-> 1.75), and
    the validation loss is (0.75)**2 after every epoch, exact in float. The best epoch is the first
    (the first on a tie), whose weights differ from the last epoch's (epochs is even)."""
    spec = {"type": "Sequential", "children": [model_spec.linear(d, hidden), {"type": "ReLU"},
                                               {"type": "Dropout", "p": 0.3}, model_spec.linear(hidden, 1)]}
    state = model_spec.initial_state(spec, int(torch.randint(0, 2**31, (), generator=gen)))
    state["0.bias"] = torch.full((hidden,), -100.0)
    state["3.bias"] = torch.tensor([0.25])
    x = torch.randn(8, d, generator=gen)
    xv = torch.randn(16, d, generator=gen)
    seed = int(torch.randint(0, 2**31, (), generator=gen))
    return SpecCase(name, (), spec={"model": spec, "state": state, "seed": seed, "train": [[x, torch.ones(8, 1)]],
                                    "val": [xv, torch.ones(16, 1)], "epochs": epochs, "lr": 1.0},
                    label=f"{model_spec.render(spec)} with every ReLU dead (only the output bias learns), targets all "
                          f"1, 1 batch of 8, {epochs} epochs, lr=1.0: every epoch's validation loss ties")


def public_cases():
    gen = torch.Generator().manual_seed(0)
    return [
        _case("small", gen),
        _case("one-batch-per-epoch", gen, n_batches=1, batch=12, epochs=5),
        _case("more-epochs", gen, d=3, hidden=8, epochs=9, lr=0.05),
        _case("no-dropout-noise", gen, p=0.0, lr=0.3, epochs=5),
        _tie_case("tied-losses", gen),
    ]


def hidden_cases(gen, n):
    return [_case(f"random-{i}", gen, d=int(torch.randint(2, 6, (), generator=gen)), epochs=int(
        torch.randint(4, 8, (), generator=gen))) for i in range(n)]


def contract_case(point, gen):
    """One epoch (the best is the only one), a few or up to 14; one, two or several batches of 1 to
    64 rows; dropout 0, 0.3 or 0.7; losses distinct (data drawn so that the best epoch is not the
    last) or tied exactly across every epoch (the first counts)."""
    def pick(lo, hi):
        return int(torch.randint(lo, hi + 1, (), generator=gen))
    epochs = {"several": pick(4, 7), "one": 1, "many": pick(10, 14)}[point["epochs"]]
    if point["losses"] == "tied":
        case = _tie_case("contract", gen, d=pick(2, 5), hidden=pick(3, 7), epochs=epochs + epochs % 2)
        case.label += " (every epoch's loss ties)"
        return case
    n_batches = {"two": 2, "one": 1, "many": pick(4, 7)}[point["batches"]]
    rows = {"several": pick(4, 12), "one": 1, "large": pick(48, 64)}[point["rows"]]
    p = {"mid": 0.3, "zero": 0.0, "high": 0.7}[point["dropout"]]
    lr = [0.02, 0.05, 0.1][pick(0, 2)]
    if epochs == 1:  # no later epoch to beat the first: no data redrawn
        spec = _candidate(gen, pick(2, 5), 8, n_batches, rows, 1, lr, p)
        return SpecCase("contract", (), spec=spec, label=f"{model_spec.render(spec['model'])}, {n_batches} batches "
                                                         f"of {rows}, 1 epoch, lr={lr}")
    return _case("contract", gen, d=pick(2, 5), hidden=pick(6, 12), n_batches=n_batches, batch=rows, epochs=epochs,
                 lr=lr, p=p)
