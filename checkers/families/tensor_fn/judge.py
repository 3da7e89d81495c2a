"""tensor_fn: plain tensor functions compared with an oracle on generated inputs (values only)."""

from __future__ import annotations

from dlprep.checkers.base import Family
from dlprep.checkers.registry import register


@register("tensor_fn")
class TensorFn(Family):
    warm = ()  # its runs never reach torch._dynamo (Family.warm)
    properties = ()
