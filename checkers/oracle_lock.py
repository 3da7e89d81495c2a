"""One lock for the trusted work a grader does in its own process: building cases and judging.

`dlprep verify` and batch grading judge from several threads in one process (one per warm
sandbox worker). Oracles and case builders run there, and some of them touch process-wide torch
state: torch.fx.symbolic_trace patches nn.Module.__call__ and __getattr__ while it traces (a model
called by another thread meanwhile is traced by mistake: "module is not installed as a
submodule"), the global RNG is one per process, forward-AD levels are global. A lock per family
does not keep two families apart, so every grading holds this one while it builds its cases and
judges its facts; the sandboxed runs, where the time goes, still overlap. Reentrant: a family's
helpers take it again inside a judging.
"""

from __future__ import annotations

import threading

ORACLE_LOCK = threading.RLock()
