"""hooks: forward, forward-pre, full backward and tensor hooks on a grader-built model.

A probe family (see ../probe_family.py): the child builds the model the case describes, hands it to
the user's function, and reports what came back, what the hooked layers received, the gradients,
and the hooks still registered on every submodule, parameter and globally (hooks_child.PROBES).
Each judge runs the same probe on the exercise's oracle here:

- capture:        `fn(model, x) -> {name: activation}`: keys, values, detached, no hook left.
- pre_hook:       `fn(model, name, ...) -> handle`: what that layer received, the output and
                  gradients, the input not modified, and handle.remove() leaving no hook.
- grad_clip:      `fn(model, batches, clip)` runs the backward passes: every .grad, no hook left.
- backward_order: `fn(model, x) -> [names]` in the order the backward hooks fired; no hook left.

check.py may add DIAGNOSES: [(known-wrong oracle, explanation)]; a failing submission whose facts
match one gets its explanation appended.
"""

from __future__ import annotations

from typing import Any

import torch

from dlprep.checkers.compare import compare_described
from dlprep.checkers.families.hooks import child as hooks_child
from dlprep.checkers.families.probe_family import ProbeFamily, Problem, SpecCase, close
from dlprep.checkers.registry import register

KIND_NAMES = {"forward_pre": "forward pre-hook", "forward": "forward hook", "backward_pre": "backward pre-hook",
              "backward": "backward hook"}


def describe_hooks(counts: dict[str, Any]) -> list[str]:
    """['1 forward hook on encoder.0 (Linear)', '1 tensor hook on head.weight', ...]"""
    out = []
    for name, c in counts["modules"].items():
        for kind, label in KIND_NAMES.items():
            if c.get(kind):
                where = name or "the model itself"
                out.append(f"{c[kind]} {label}{'s' if c[kind] > 1 else ''} on {where} ({c['type']})")
    out += [f"{n} tensor hook{'s' if n > 1 else ''} on parameter {name}" for name, n in counts["params"].items()]
    out += [f"{n} global {KIND_NAMES[kind]}{'s' if n > 1 else ''}" for kind, n in counts["global"].items()]
    return out


def _short(names: list[str], limit: int = 8) -> str:
    return "[" + ", ".join(names[:limit]) + (", ..." if len(names) > limit else "") + "]"


def _same_structure(got: dict[str, Any], want: dict[str, Any], when: str) -> None:
    """The model registers what it registered before the hook: the prompt says to register nothing
    but the pre-hook (a scale kept as a buffer stays in state_dict after remove())."""
    if got == want:
        return
    for part in ("state_dict", "parameters", "buffers", "modules", "plain_tensors"):
        # state_dict's entries are its keys; the others' are [name, ...] lists
        extra = [e if isinstance(e, str) else str(e[0]) for e in got[part] if e not in want[part]]
        gone = [e if isinstance(e, str) else str(e[0]) for e in want[part] if e not in got[part]]
        if extra or gone:
            what = " and ".join([f"gained {_short(extra, 4)}"] * bool(extra) + [f"lost {_short(gone, 4)}"] * bool(gone))
            raise Problem(f"{when}, the model's {part.replace('_', ' ')} {what}: register nothing but the "
                          "forward pre-hook (keep the scale in the hook's closure)")
    raise Problem(f"{when}, the model's registered tensors differ from the original model's: register nothing "
                  "but the forward pre-hook")


@register("hooks")
class HooksFamily(ProbeFamily):
    child_harness = "dlprep.checkers.families.hooks.child:run_child"
    probes = hooks_child.PROBES
    reported_name = "hooks"
    observed = "no hook left registered, activations detached, the model's input left unchanged"

    @staticmethod
    def no_hooks_left(got: dict[str, Any], want: dict[str, Any], when: str = "after your function returned") -> None:
        if got != want:
            left = describe_hooks(got)
            expected = describe_hooks(want)
            gone = [h for h in expected if h not in left]
            if gone and not [h for h in left if h not in expected]:
                raise Problem(f"hooks the caller had registered are gone {when}: {'; '.join(gone[:3])}: remove "
                              "only the hooks you registered, through their handles (not by clearing "
                              "module._forward_hooks)")
            shown = "; ".join(left[:3]) + (f" and {len(left) - 3} more" if len(left) > 3 else "")
            raise Problem(f"hooks still registered {when}: {shown or 'none'}"
                          + (f" (expected: {'; '.join(expected)})" if expected else "")
                          + ": keep every handle that register_*hook returns and call handle.remove()")

    # ------------------------------------------------------------------ capture

    @staticmethod
    def capture_method(fact: dict[str, Any], want: dict[str, Any]) -> None:
        """What the child saw while `capture` ran: one forward, forward hooks on the Linears, and
        every module left in the mode it came in."""
        if fact.get("calls") != want.get("calls"):
            raise Problem(f"the model's forward ran {fact.get('calls')} time(s), expected {want.get('calls')}: run "
                          "model(x) once, with every hook registered (a second forward changes dropout draws and "
                          "BatchNorm statistics)")
        if fact.get("unhooked"):
            raise Problem(f"{', '.join(fact['unhooked'][:4])} ran with no forward hook of yours on it: the prompt asks "
                          "for forward hooks (register_forward_hook), not a patched forward or another mechanism")
        if fact.get("training") != want.get("training"):
            mode = "train" if want.get("training") else "eval"
            raise Problem(f"the model came in {mode} mode and left in another (modules in train mode afterwards: "
                          f"{_short(fact.get('training') or [])}): leave the model as it was given")

    def judge_capture(self, case: SpecCase, fact: dict[str, Any]) -> str | None:
        want = self.expected(case)
        with self.reported(case):
            self.capture_method(fact, want)
        if case.spec.get("raises"):  # forward raised: only what is left behind is judged
            self.no_hooks_left(fact["hooks"], want["hooks"], "after model(x) raised (remove them in a finally block)")
            return f"model(x) raised {fact.get('raised') or 'nothing'}; no hook left"
        out, exp = fact["out"], want["out"]
        if out["kind"] != "dict":
            got = "torch.Tensor" if out["kind"] == "tensor" else out.get("type")
            raise Problem(f"returned a {got}, expected a dict {{module name: activation}}")
        missing = [k for k in exp["items"] if k not in out["items"]]
        extra = [k for k in out["items"] if k not in exp["items"]]
        if missing:
            raise Problem(f"no activation for {', '.join(missing[:6])} (expected keys: {', '.join(exp['items'])})"
                          + self.diagnosis(case, lambda w: set(w["out"]["items"]) == set(out["items"])))
        if extra:
            raise Problem(f"unexpected keys {', '.join(extra[:6])}: expected exactly {', '.join(exp['items'])}")
        rtol, atol = self.tolerances()
        for k, e in exp["items"].items():
            c = compare_described(out["items"][k], e, rtol, atol, where=f"activation {k!r}")
            if not c.ok:
                raise Problem(c.message or "differs")
            # requires_grad is a flag the child read off the user's tensor: reported
            c = compare_described(out["items"][k], e, rtol, atol, ("requires_grad",), where=f"activation {k!r}")
            if not c.ok:
                self.observe(case, (c.message or "differs") + " (keep out.detach(): a stored output that requires "
                                                               "grad keeps the model's whole autograd graph alive)")
        with self.reported(case):
            self.no_hooks_left(fact["hooks"], want["hooks"])
        return f"{len(exp['items'])} activations"

    # ------------------------------------------------------------------ forward-pre hook

    def judge_pre_hook(self, case: SpecCase, fact: dict[str, Any]) -> str | None:
        want = self.expected(case)
        target = case.spec["target"]
        if not fact["handle"]:  # whether handle.remove() works is judged by the outputs after it
            self.observe(case, f"returned a {fact['handle_type']}, expected the RemovableHandle that "
                               "register_forward_pre_hook returns")
        mine = fact["hooks"]["modules"].get(target, {})
        if len(fact["seen"]) != len(want["seen"]):
            raise Problem(f"{target!r} ran {len(fact['seen'])} times during one forward, expected {len(want['seen'])}")
        for got, exp in zip(fact["seen"], want["seen"], strict=True):
            hint = ""
            if mine.get("forward") and not mine.get("forward_pre"):
                hint = ("(you registered a forward hook: it runs after forward, when the layer has already used "
                        "its input; a forward pre-hook runs before and may return replacement arguments)")
            elif mine.get("forward_pre"):
                hint = ("(a forward pre-hook changes the input only through what it returns: a tensor or a tuple "
                        "of arguments; returning None keeps them unchanged)")
            self.same(got, exp, f"the input {target!r} received", hint)
        if not torch.equal(fact["x_after"], case.spec["x"]):
            self.observe(case, "the model's input x was modified in place: return a new tensor from the hook "
                               "instead of writing into its arguments")
        self.same(fact["out"], want["out"], "the model's output")
        for name, g in want.get("grads", {}).items():
            self.same(fact.get("grads", {}).get(name), g, f"{name}.grad")
        self.same(fact["out_removed"], want["out_removed"], "the model's output after handle.remove()")
        with self.reported(case):
            self.no_hooks_left(fact["hooks"], want["hooks"], "after your function returned (one pre-hook expected)")
            self.no_hooks_left(fact["hooks_removed"], want["hooks_removed"], "after handle.remove()")
            for key, when in (("structure", "after your function returned"),
                              ("structure_removed", "after handle.remove()")):
                if key in fact:  # structure_removed is missing where no handle came back (judged above)
                    _same_structure(fact[key], want[key], when)
        return None

    # ------------------------------------------------------------------ gradient clipping with tensor hooks

    def judge_grad_clip(self, case: SpecCase, fact: dict[str, Any]) -> str | None:
        want = self.expected(case)
        if fact.get("grad_args_modified"):
            names = ", ".join(fact["grad_args_modified"][:4])
            raise Problem(f"a hook modified the gradient it was given in place (seen on {names}): a tensor hook must "
                          "not change its argument, autograd may share that tensor; return the new gradient instead")
        if fact.get("unhooked"):
            with self.reported(case):
                raise Problem(f"the gradient of {', '.join(fact['unhooked'][:4])} arrived with no hook of yours on the "
                              "parameter: the prompt asks for a hook on every parameter (Tensor.register_hook) that "
                              "clamps each micro-batch's gradient before it is accumulated")
        rtol, atol = self.tolerances()
        rtol, atol = rtol or 1e-4, atol or 1e-6
        for name, g in want["grads"].items():
            got = fact["grads"][name]
            if got is None:
                raise Problem(f"{name}.grad is None: no gradient was accumulated")
            if not close(got, g, rtol, atol):
                # which known mistake gives this parameter's gradient
                def gives_this(w: dict[str, Any], n: str = name, t: Any = got) -> bool:
                    return close(w["grads"][n], t, rtol, atol)

                diag = self.diagnosis(case, gives_this)
                self.same(got, g, f"{name}.grad", diag.strip())
        with self.reported(case):
            self.no_hooks_left(fact["hooks"], want["hooks"])
        return None

    # ------------------------------------------------------------------ backward hook order

    def judge_backward_order(self, case: SpecCase, fact: dict[str, Any]) -> str | None:
        want = self.expected(case)
        out, exp = fact["out"], want["out"]
        if out["kind"] != "seq" or any(i["kind"] != "scalar" or i["type"] != "str" for i in out["items"]):
            raise Problem("returned something else than a list of module names (str)")
        got = [i["value"] for i in out["items"]]
        order = [i["value"] for i in exp["items"]]
        if getattr(self.ex.check, "FULL_BACKWARD_HOOKS", False) and fact.get("backward_hooks") is not None:
            kinds = fact["backward_hooks"]
            if not kinds:
                raise Problem("the function never called backward (torch.autograd.backward): run "
                              "model(x).sum().backward() with the hooks registered")
            if any(k["legacy"] for k in kinds):
                raise Problem("backward ran with legacy backward hooks (register_backward_hook): they hook the last "
                              "autograd node of a module's forward, not the module; use register_full_backward_hook")
            if not all(k["full"] for k in kinds):
                raise Problem("backward ran with no full backward hook registered on the model (or globally): the "
                              "prompt asks for register_full_backward_hook (forward hooks or tensor hooks on outputs "
                              "are something else)")
        if got != order:
            i = next((i for i, (a, b) in enumerate(zip(got, order, strict=False)) if a != b), min(len(got), len(order)))
            first = (f"yours {got[i]!r}, expected {order[i]!r}" if i < min(len(got), len(order)) else
                     f"yours {'ends' if len(got) < len(order) else 'goes on'} there")
            diag = self.diagnosis(case, lambda w: [i.get("value") for i in w["out"]["items"]] == got)
            raise Problem(f"the hooks fired in the order {_short(got)}, expected {_short(order)}; first difference at "
                          f"position {i}: {first}{diag}")
        with self.reported(case):
            self.no_hooks_left(fact["hooks"], want["hooks"])
        return f"{len(order)} modules"
