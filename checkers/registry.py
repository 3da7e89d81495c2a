"""Checker families, registered by name: `@register("tensor_fn")` on a Family subclass.

A family is trusted code in two halves: `child_harness` runs inside the sandbox next to the
user's code and only collects raw facts; `judge` runs in the grader and decides.
"""

from __future__ import annotations

import importlib

from dlprep.errors import UsageError

_FAMILIES: dict[str, type] = {}
# Every family module, imported by the warm worker before it forks (so children never import).
FAMILY_MODULES = ("tensor_fn", "stride_view")
CHILD_MODULES = ("snippet",)  # child harnesses that are not families


def register(name: str):  # type: ignore[no-untyped-def]
    def deco(cls: type) -> type:
        cls.name = name  # type: ignore[attr-defined]
        _FAMILIES[name] = cls
        return cls

    return deco


def import_child_modules() -> None:
    for mod in FAMILY_MODULES + CHILD_MODULES:
        importlib.import_module(f"dlprep.checkers.{mod}")


def family(name: str) -> type:
    import_child_modules()
    try:
        return _FAMILIES[name]
    except KeyError:
        raise UsageError(f"unknown checker family {name!r}; valid: {', '.join(sorted(_FAMILIES))}") from None


def names() -> list[str]:
    import_child_modules()
    return sorted(_FAMILIES)
