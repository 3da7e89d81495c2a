"""Trusted warm-ups a sandbox template runs before it forks runs, named "module:function" (in a
job's `warm`, or in the worker's start-up list): what they import or initialise, every later run
inherits instead of paying for it."""

from __future__ import annotations

# Named, not imported, by whoever asks for them: the grader's side never needs to import torch._dynamo.
DYNAMO = "dlprep.checkers.sandbox.warmups:dynamo"
# torch.compile's first-use set-up (dynamo, AOTAutograd): the compile family's runs and spot-the-bug cards.
COMPILE = "dlprep.checkers.families.compile.child:warm_up"


def dynamo() -> None:
    """torch._dynamo: ~2.5 s of import here, a third of a worker's start, and pulled in at run time
    by far more than torch.compile (any optimizer's step, torch.func, checkpoint, the Triton
    family's runs). Families whose runs never reach it (tensor functions, strides, DataLoader, fx
    passes) start without it: `dlprep submit` of such an exercise starts its worker that much
    sooner. Measured, not guessed: each light family's references graded in a worker without
    dynamo take no longer than in one with it (a run that imports it pays ~2 s)."""
    import torch._dynamo  # noqa: F401
