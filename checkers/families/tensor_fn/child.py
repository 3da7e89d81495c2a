"""Child side of the call-style families (tensor_fn, and stride_view, which uses it as it is):
import the solution and call its entry on every case. Each result is described with its layout
(strides, offset, and which inputs it shares storage with), so the parent can judge views too."""

from __future__ import annotations

from typing import Any

import torch

from dlprep.checkers.sandbox import global_rng, harness

# Read through the class, captured at import: an instance attribute (`x.detach = lambda: copy`)
# cannot stand in for them. Still a reported fact: the submission shares this process.
_detach, _cpu, _clone = torch.Tensor.detach, torch.Tensor.cpu, torch.Tensor.clone


def run_child(job: dict[str, Any], payload: bytes) -> bytes:
    """Child side of call-style families: import the solution, call the entry on every case."""
    data = harness.load(payload)
    device = job.get("device", "cpu")
    _, fn, failed = harness.load_solution(job)
    if failed is not None:
        return failed
    out: list[dict[str, Any]] = []
    for case in data["cases"]:
        args = [a.to(device) if isinstance(a, torch.Tensor) else a for a in case["args"]]
        ptrs = harness.storage_ptrs(args)
        rng = global_rng.snapshot()
        try:
            result = fn(*args, **case["kwargs"])
            fact: dict[str, Any] = {"out": harness.describe(result, ptrs),
                    "after": [_clone(_cpu(_detach(a))) if type(a) is torch.Tensor else None for a in args],
                    "global_rng_changed": global_rng.changed(rng)}
        except BaseException as e:
            out.append({"error": harness.error_info(e, job["filename"])})
            harness.stop_if_forked()
            continue
        # The same call again, on the same input objects: a first call that changed its inputs in
        # place (or kept state) shows in this result's values, which the grader judges itself.
        try:
            fact["again"] = harness.describe(fn(*args, **case["kwargs"]))
        except BaseException as e:
            fact["again"] = {"kind": "error", "error": harness.error_info(e, job["filename"])}
        out.append(fact)
        harness.stop_if_forked()
    return harness.dump({"cases": out, **harness.run_facts()})
