"""Child side: which process-global random streams a call changed (Python's `random`, numpy's
legacy global RNG, torch's CPU generator).

A solution asked to draw from its own generator must leave every global stream as it was: reseeding
any of them (`random.seed`, `np.random.seed`, `torch.manual_seed`) or drawing from one changes the
caller's randomness. The getters are captured at import, before any user code exists; what they
report is still observed inside the submission's process (a `reported` fact).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import torch

_py_getstate = random.getstate
_np_get_state = np.random.get_state
_torch_get_state = torch.random.get_rng_state
_equal = torch.equal


def _np_state() -> tuple[Any, ...]:
    st: dict[str, Any] = _np_get_state(legacy=False)
    return (st["state"]["key"].tobytes(), st["state"]["pos"], st["has_gauss"], st["gauss"])


def snapshot() -> tuple[Any, Any, torch.Tensor]:
    return _py_getstate(), _np_state(), _torch_get_state()


def changed(before: tuple[Any, Any, torch.Tensor]) -> list[str]:
    """The names of the streams that differ from `before`: `random`, `numpy`, `torch`."""
    py, npy, tch = before
    same = {"random": _py_getstate() == py, "numpy": _np_state() == npy, "torch": bool(_equal(_torch_get_state(), tch))}
    return [name for name, kept in same.items() if not kept]
