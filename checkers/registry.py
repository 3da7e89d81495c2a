"""Checker families, registered by name: `@register("tensor_fn")` on a Family subclass.

A family is trusted code in two halves: `child_harness` runs inside the sandbox next to the
user's code and only collects raw facts; `judge` runs in the grader and decides.
"""

from __future__ import annotations

import importlib
import pkgutil

from dlprep.errors import UsageError

_FAMILIES: dict[str, type] = {}
# Modules of this package that are machinery, not checker families. Every other module is a
# family (or a child harness) and is imported by the warm worker before it forks, so that a
# run's child never has to import anything.
INFRASTRUCTURE = frozenset({"base", "compare", "grader", "harness", "isolation", "protocol", "registry",
                            "rules", "sandbox", "worker"})


def register(name: str):  # type: ignore[no-untyped-def]
    def deco(cls: type) -> type:
        cls.name = name  # type: ignore[attr-defined]
        _FAMILIES[name] = cls
        return cls

    return deco


def import_child_modules() -> None:
    import dlprep.checkers as pkg

    for info in pkgutil.iter_modules(pkg.__path__):
        if info.name not in INFRASTRUCTURE and not info.name.startswith("_"):
            importlib.import_module(f"dlprep.checkers.{info.name}")


def family(name: str) -> type:
    import_child_modules()
    try:
        return _FAMILIES[name]
    except KeyError:
        raise UsageError(f"unknown checker family {name!r}; valid: {', '.join(sorted(_FAMILIES))}") from None


def names() -> list[str]:
    import_child_modules()
    return sorted(_FAMILIES)
