"""Runs a bank's code snippet (an `output` question, or the `code` of a short/true_false one).

Child side only: the snippet runs as `__main__` and prints; the worker captures stdout through
its capped pipe and the verifier compares it. Every RNG is seeded from fresh entropy first, so a
snippet that forgot to seed prints different numbers on two runs and is caught as unverifiable
(a forked child would otherwise inherit the worker's one RNG state and look deterministic).
"""

from __future__ import annotations

import os
import sys
import types
from typing import Any

from dlprep.checkers.sandbox import harness


def run_child(job: dict[str, Any], payload: bytes) -> bytes:
    harness.seed_all(int.from_bytes(os.urandom(4), "little"))
    main = types.ModuleType("__main__")
    main.__dict__["__builtins__"] = __builtins__
    sys.modules["__main__"] = main
    sys.argv = ["snippet.py"]
    try:
        exec(compile(job["source"], job["filename"], "exec"), main.__dict__)
    except BaseException as e:
        import traceback

        harness.stop_if_forked()
        traceback.print_exc()
        return harness.dump({"error": harness.error_info(e, job["filename"])})
    finally:
        sys.stdout.flush()
    harness.stop_if_forked()
    return harness.dump({"ok": True, **harness.run_facts()})
