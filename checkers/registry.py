"""Checker families, registered by name: `@register("tensor_fn")` on a Family subclass.

A family is trusted code in two halves: `child_harness` runs inside the sandbox next to the
user's code and only collects raw facts; `judge` runs in the grader and decides.
"""

from __future__ import annotations

import importlib
import pkgutil
import threading

from dlprep.errors import SandboxError, UsageError

_FAMILIES: dict[str, type] = {}
# Every module under `families/` (each family's judge, child and helpers) and the sandbox's snippet
# runner are imported by the warm worker before it forks, so that a run's child never has to
# import anything.
FAMILIES_PACKAGE = "dlprep.checkers.families"
CHILD_MODULES = ("dlprep.checkers.sandbox.snippet", "dlprep.checkers.sandbox.expose")


def register(name: str):  # type: ignore[no-untyped-def]
    def deco(cls: type) -> type:
        cls.name = name  # type: ignore[attr-defined]
        _FAMILIES[name] = cls
        return cls

    return deco


_BROKEN: dict[str, str] = {}  # family folder (or shared helper) name -> why it failed to import


# Walking the packages costs ~20 ms: once per process is enough. Grading threads ask at once, so
# the first walks under the lock and the others wait for it to finish, not only to start.
_IMPORTED = threading.Event()
_IMPORTING = threading.Lock()


def import_child_modules() -> None:
    """Import every family module. One that fails to import must not take the others down with
    it: its exercises fail (naming the error) while the rest keep grading."""
    if _IMPORTED.is_set():
        return
    with _IMPORTING:
        if not _IMPORTED.is_set():
            _import_all()
            _IMPORTED.set()


def _import_all() -> None:
    import dlprep.checkers.families as pkg

    modules = [info.name for info in pkgutil.walk_packages(pkg.__path__, f"{FAMILIES_PACKAGE}.")
               if not info.ispkg]
    for module in [*modules, *CHILD_MODULES]:
        # A failure is filed under the family's folder (families.<family>.judge -> <family>), or
        # under the module's own name for a shared helper or the snippet runner.
        key = module.removeprefix(f"{FAMILIES_PACKAGE}.").split(".")[0] if module.startswith(FAMILIES_PACKAGE) \
            else module.rpartition(".")[2]
        if key in _BROKEN or module.rpartition(".")[2].startswith("_"):
            continue
        try:
            importlib.import_module(module)
        except Exception as e:
            _BROKEN[key] = f"{type(e).__name__}: {e}"


def family(name: str) -> type:
    import_child_modules()
    try:
        return _FAMILIES[name]
    except KeyError:
        if name in _BROKEN:  # families live in folders of the same name
            raise SandboxError(f"checker family {name!r} failed to import: {_BROKEN[name]}") from None
        raise UsageError(f"unknown checker family {name!r}; valid: {', '.join(sorted(_FAMILIES))}") from None


def names() -> list[str]:
    import_child_modules()
    return sorted(_FAMILIES)
