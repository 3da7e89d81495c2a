"""Checker families, registered by name: `@register("tensor_fn")` on a Family subclass.

A family is trusted code in two halves: `child_harness` runs inside the sandbox next to the
user's code and only collects raw facts; `judge` runs in the grader and decides.
"""

from __future__ import annotations

import importlib
import pkgutil

from dlprep.errors import SandboxError, UsageError

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


_BROKEN: dict[str, str] = {}  # module name -> why it failed to import


def import_child_modules() -> None:
    """Import every family module. One that fails to import must not take the others down with
    it: its exercises fail (naming the error) while the rest keep grading."""
    import dlprep.checkers as pkg

    for info in pkgutil.iter_modules(pkg.__path__):
        if info.name in INFRASTRUCTURE or info.name.startswith("_") or info.name in _BROKEN:
            continue
        try:
            importlib.import_module(f"dlprep.checkers.{info.name}")
        except Exception as e:
            _BROKEN[info.name] = f"{type(e).__name__}: {e}"


def family(name: str) -> type:
    import_child_modules()
    try:
        return _FAMILIES[name]
    except KeyError:
        if name in _BROKEN:  # families live in modules of the same name
            raise SandboxError(f"checker family {name!r} failed to import: {_BROKEN[name]}") from None
        raise UsageError(f"unknown checker family {name!r}; valid: {', '.join(sorted(_FAMILIES))}") from None


def names() -> list[str]:
    import_child_modules()
    return sorted(_FAMILIES)
