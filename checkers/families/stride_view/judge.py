"""stride_view: functions that must produce views. Values *and* layout must match the oracle:
exact strides, storage offset, contiguity and which inputs the result shares storage with
(a copy where a view is required is wrong even when the numbers are right)."""

from __future__ import annotations

from dlprep.checkers.base import Family
from dlprep.checkers.registry import register


@register("stride_view")
class StrideView(Family):
    warm = ()  # its runs never reach torch._dynamo (Family.warm)
    child_harness = "dlprep.checkers.families.stride_view.child:run_child"
    properties = ("stride", "offset", "contiguous", "shares")
