"""module: nn.Module structure, freezing, training loops, RNG replay and optimizer steps.

A probe family (see ../probe_family.py): the child builds the user's module, or a grader-specified
model, runs the exercise's probe (module_child.PROBES) and reports plain facts; each judge below
runs the same probe on the exercise's oracle here and names the first difference:

- structure: the user's nn.Module class. state_dict keys, shapes and dtypes; which tensors are
             Parameters, which are buffers and which are unregistered plain attributes; how many
             modules and parameters the iterators yield (a shared submodule counts once); outputs
             and gradients over train/eval steps on the grader's weights; the state afterwards;
             dtypes after `.double()`.
- optimizer: `fn(model, ...) -> Optimizer` for fine-tuning: requires_grad flags, the parameters each
             param group holds (by name), its hyper-parameters, and the weights after training.
- train:     a training loop on a seeded RNG: the validation losses it returns and the weights it
             leaves in the model (named by epoch when they are not the best epoch's).
- rng:       a function given a model with dropout and a private generator: its outputs, and what
             the global RNG and the generator give after it returns.
- scaler:    a dynamic loss scaler class driven through a mixed-precision loop, compared step by step
             with torch.amp.GradScaler("cpu") (see scaler.py).
- adam:      an Adam step on lists of tensors, compared after every step with torch.optim.Adam's
             for-loop, foreach and fused implementations; the foreach entry must use _foreach ops.

check.py may add HINTS: {fact name: text}, appended to the message when that fact differs.
"""

from __future__ import annotations

import functools
from typing import Any

import torch

from dlprep.checkers.compare import DEFAULT_TOL, compare_described
from dlprep.checkers.families.module import child as module_child
from dlprep.checkers.families.module import scaler
from dlprep.checkers.families.probe_family import ProbeFamily, Problem, SpecCase
from dlprep.checkers.registry import register


def _names(items: list[str], limit: int = 6) -> str:
    shown = ", ".join(items[:limit])
    return shown + (f" and {len(items) - limit} more" if len(items) > limit else "")


def _adam_scales(spec: dict[str, Any], want: list[dict[str, Any]]) -> list[dict[str, list[torch.Tensor | None]]]:
    """Per step and parameter, the magnitude of the terms that Adam's moment and parameter sum
    (compare.compare_tensor's `scale`). exp_avg is a decaying sum of gradients, which cancel where
    their signs alternate: after ten steps of gradients near 1e3 an element of 0.0555 was off by
    1.7e-5 between torch's own for-loop and foreach implementations, and the reference failed. Its
    terms add up to m_abs = beta1 * m_abs + (1 - beta1) * (|g| + weight_decay * |p|); a parameter's
    to |p0| plus each step's lr * m_abs / (1 - beta1^t) / (sqrt(v_hat) + eps). exp_avg_sq sums
    squares, which never cancel: no scale."""
    h = spec["hyper"]
    b1, b2 = h["beta1"], h["beta2"]
    prev = [p.double().abs() for p in spec["params"]]
    m_abs = [torch.zeros_like(p) for p in prev]
    p_abs = list(prev)
    out: list[dict[str, list[torch.Tensor | None]]] = []
    for t, (grads, exp) in enumerate(zip(spec["grads"], want, strict=True), start=1):
        m_abs = [b1 * m + (1 - b1) * (g.double().abs() + h["weight_decay"] * p)
                 for m, g, p in zip(m_abs, grads, prev, strict=True)]
        v_hat = [_tensor(v).double() / (1 - b2 ** t) for v in exp["exp_avg_sqs"]]
        p_abs = [pa + h["lr"] * m / (1 - b1 ** t) / (v.sqrt() + h["eps"])
                 for pa, m, v in zip(p_abs, m_abs, v_hat, strict=True)]
        prev = [_tensor(p).double().abs() for p in exp["params"]]
        out.append({"exp_avgs": [*m_abs], "exp_avg_sqs": [None] * len(m_abs), "params": [*p_abs]})
    return out


def _tensor(x: Any) -> torch.Tensor:
    """A plain tensor from a value the oracle's probe reported (plain or described)."""
    t = x["value"] if isinstance(x, dict) and x.get("kind") == "tensor" else x
    assert isinstance(t, torch.Tensor)
    return t


def _same_floats(desc: dict[str, Any], values: list[Any], rtol: float, atol: float) -> bool:
    want = [i.get("value") for i in desc.get("items", [])]
    return len(want) == len(values) and all(
        isinstance(w, float) and isinstance(v, float) and abs(v - w) <= atol + rtol * abs(w)
        for v, w in zip(values, want, strict=True))


def _same_steps(want: list[dict[str, Any]], got: list[dict[str, Any]]) -> bool:
    """Every tensor of every Adam step agrees (to float32 rounding)."""
    return all(torch.allclose(g, w, rtol=1e-4, atol=1e-6) for ws, gs in zip(want, got, strict=True)
               for key in ("params", "exp_avgs", "exp_avg_sqs") for g, w in zip(gs[key], ws[key], strict=True))


@register("module")
class ModuleFamily(ProbeFamily):
    child_harness = "dlprep.checkers.families.module.child:run_child"
    probes = module_child.PROBES
    reported_name = "module facts"
    observed = ("parameters and buffers registered as expected, requires_grad flags, the optimizer's groups, "
                "training mode, tensors updated in place")

    def hint(self, fact: str) -> str:
        return str(getattr(self.ex.check, "HINTS", {}).get(fact, ""))

    # ------------------------------------------------------------------ structure

    def judge_structure(self, case: SpecCase, fact: dict[str, Any]) -> str | None:
        entry = self.ex.question.entry
        if "not_module" in fact:
            raise Problem(f"{entry}(...) made a {fact['not_module']}, expected an nn.Module subclass")
        want = self.expected(case)
        with self.reported(case):  # read off the user's live module in its process
            self._registration(fact["structure"], want["structure"])
        if self.options.get("check_init"):
            for k, v in want["init"].items():
                self.same(fact["init"][k], v, f"the freshly built module's {k}", self.hint("init"))
        if "load_error" in fact:
            raise Problem(f"load_state_dict with the grader's weights failed: {fact['load_error']}")
        # A case may state its own (rtol, atol): inputs whose float32 rounding a right solution
        # cannot avoid (a mean of ~1200 against torch's double accumulation) while a wrong formula's
        # error is far larger (E[x^2]-E[x]^2 loses ~1200x more).
        tol = tuple(case.spec["tolerance"]) if case.spec.get("tolerance") else None
        for i, (got, exp) in enumerate(zip(fact["steps"], want["steps"], strict=True)):
            mode = "train" if case.spec["steps"][i]["train"] else "eval"
            where = f"step {i + 1} ({mode} mode)"
            # A case may also bound a step's values by their own rounding (check.py derives it from the
            # step's inputs), where float32 cannot do better than a bound no fixed tolerance fits.
            rounding = (case.spec.get("rounding") or [{}] * len(want["steps"]))[i] or {}
            rtol = (tol or self.tolerances())[0]
            if "out" in rounding and exp["out"].get("kind") == "tensor":
                self._within_rounding(got["out"], exp["out"], rounding["out"], f"{where}: the output", rtol,
                                      self.hint("output"))
            else:
                self.same(got["out"], exp["out"], f"{where}: the output", self.hint("output"), tol=tol)
            if "grads" in exp:
                if "grads" not in got:
                    raise Problem(f"{where}: the output does not require grad, so no gradient reaches the parameters")
                if "x_grad" in rounding:
                    self._within_rounding(got["x_grad"], exp["x_grad"], rounding["x_grad"],
                                          f"{where}: the input's gradient", rtol)
                else:
                    self.same(got["x_grad"], exp["x_grad"], f"{where}: the input's gradient", tol=tol)
                for name, g in exp["grads"].items():
                    if f"{name}.grad" in rounding:
                        self._within_rounding(got["grads"][name], g, rounding[f"{name}.grad"], f"{where}: {name}.grad",
                                              rtol, self.hint("grads"))
                    else:
                        self.same(got["grads"][name], g, f"{where}: {name}.grad", self.hint("grads"), tol=tol)
            for k, v in exp["state"].items():
                if k in rounding:  # statistics whose float32 rounding the exercise bounds, like the output's
                    self._within_rounding(got["state"][k], v, rounding[k], f"{where}: {k} afterwards",
                                          rtol or DEFAULT_TOL[torch.float32][0], self.hint(k))
                else:
                    self.same(got["state"][k], v, f"{where}: {k} afterwards", self.hint(k), tol=tol)
            if got["graph"] != exp["graph"]:
                raise Problem(f"{where}: afterwards {', '.join(got['graph'])} require grad (they hold this step's "
                              "autograd graph): update the running statistics under torch.no_grad() or from "
                              "detached values")
        if "cast" in want:
            for k, dtype in want["cast"].items():
                if fact["cast"][k] != dtype:
                    self.observe(case, f"after .double(), {k} is {fact['cast'][k]}, expected {dtype}")
                    break
            for i, (got, exp) in enumerate(zip(fact["cast_steps"], want["cast_steps"], strict=True)):
                where = f"after .double(), a {'train' if i == 0 else 'eval'} step on float64 input"
                # float64 now, but the statistics came from float32 steps (torch's rounded from double):
                # float32's tolerance, the dtype itself compared exactly.
                self.same(got["out"], exp["out"], f"{where}: the output", tol=tol or (1e-4, 1e-5))
                for k, dtype in exp["dtypes"].items():
                    if got["dtypes"][k] != dtype:
                        raise Problem(f"{where}: {k} is {got['dtypes'][k]} afterwards, expected {dtype} (the "
                                      "statistics keep the module's dtype)")
        return None

    def _within_rounding(self, got: Any, want: Any, bound: torch.Tensor, where: str, rtol: float | None,
                         hint: str = "") -> None:
        """`got` within `bound` (a per-element absolute error, broadcast over `want`: the rounding
        the exercise derived for this value from its inputs) plus rtol * |want|, element by element.
        No relative norm over the whole tensor: where the true value is itself below the rounding
        (a batch-norm input gradient at batch 2), its relative error says nothing about the formula.
        Tensors may come plain or described (harness.describe)."""
        got_t = got["value"] if isinstance(got, dict) and got.get("kind") == "tensor" else got
        want_t = want["value"] if isinstance(want, dict) and want.get("kind") == "tensor" else want
        if isinstance(got, dict) and isinstance(want, dict) and got.get("subclass") != want.get("subclass"):
            got_t = None  # a described tensor of another class: same() names the difference
        if not (type(got_t) is torch.Tensor and type(want_t) is torch.Tensor and got_t.shape == want_t.shape
                and got_t.dtype == want_t.dtype):
            self.same(got, want, where)  # names the wrong type, shape or dtype
            raise Problem(f"{where} differs")  # same() found nothing to name: still not comparable
        a, e = got_t.double(), want_t.double()
        allowed = bound.double().expand_as(e) + (rtol or 0.0) * e.abs()
        bad = ~((a - e).abs() <= allowed) & ~((a == e) | (a.isnan() & e.isnan()))
        if bad.any():
            at = tuple(int(j) for j in bad.nonzero()[0])
            raise Problem(f"{where}: {int(bad.sum())} of {e.numel()} elements differ; first at {at}: yours "
                          f"{float(a[at]):.6g}, expected {float(e[at]):.6g} (allowed {float(allowed[at]):.3g}: the "
                          f"float32 rounding of this value on this batch, plus the relative tolerance) {hint}".rstrip())

    def _registration(self, got: dict[str, Any], want: dict[str, Any]) -> None:
        plain = {p[0]: p for p in got["plain_tensors"]}
        got_params = {p[0]: p for p in got["parameters"]}
        got_buffers = {b[0] for b in got["buffers"]}
        want_params = {p[0]: p for p in want["parameters"]}
        want_buffers = {b[0] for b in want["buffers"]}
        for name in sorted(want_buffers):
            if name in got_params:
                raise Problem(f"{name} is registered as an nn.Parameter, but it must be a buffer: it shows up in "
                              "parameters(), so every optimizer built from model.parameters() holds it; "
                              f"use self.register_buffer({name.rsplit('.', 1)[-1]!r}, tensor)")
            if name in plain:
                raise Problem(f"{name} is a plain tensor attribute, not a registered buffer: it is missing from "
                              "state_dict() (never saved or loaded) and .to()/.double()/.cuda() leave it behind; "
                              f"use self.register_buffer({name.rsplit('.', 1)[-1]!r}, tensor)")
        for name in sorted(want_params):
            if name in got_buffers or name in plain:
                raise Problem(f"{name} must be an nn.Parameter (trained by the optimizer), but it is "
                              f"{'a buffer' if name in got_buffers else 'a plain tensor attribute'}")
        missing = [k for k in want["state_dict"] if k not in got["state_dict"]]
        extra = [k for k in got["state_dict"] if k not in want["state_dict"]]
        if missing or extra:
            parts = ([f"lacks {_names(missing)}"] if missing else []) + ([f"has unexpected {_names(extra)}"]
                                                                          if extra else [])
            raise Problem(f"state_dict() {' and '.join(parts)} (expected keys: {_names(list(want['state_dict']))})"
                          + (f" {self.hint('state_dict')}" if self.hint("state_dict") else ""))
        for k, (shape, dtype) in want["state_dict"].items():
            if got["state_dict"][k] != [shape, dtype]:
                g_shape, g_dtype = got["state_dict"][k]
                raise Problem(f"state_dict()[{k!r}] is {g_dtype} of shape {tuple(g_shape)}, expected {dtype} "
                              f"of shape {tuple(shape)}")
        for k, p in want_params.items():
            if k in got_params and got_params[k][3] != p[3]:
                raise Problem(f"{k}.requires_grad is {got_params[k][3]}, expected {p[3]}")
        if got["n_parameters"] != want["n_parameters"] or got["numel"] != want["numel"]:
            raise Problem(f"model.parameters() yields {got['n_parameters']} tensors ({got['numel']} numbers), expected "
                          f"{want['n_parameters']} ({want['numel']}) {self.hint('parameters')}".rstrip())
        if got["n_modules"] != want["n_modules"]:
            raise Problem(f"model.modules() yields {got['n_modules']} modules, expected {want['n_modules']} "
                          f"{self.hint('modules')}".rstrip())
        # The prompts fix the names, not the order of registration (`head` before `layers` is
        # right): compare the names as a set, and each name's module type where the oracle's is a
        # torch type (an nn.Sequential where the prompt asks for an nn.ModuleList is wrong).
        got_mods, want_mods = dict(got["modules"]), dict(want["modules"])
        if sorted(got_mods) != sorted(want_mods):
            raise Problem(f"named_modules() lists {_names(sorted(m or '<root>' for m in got_mods), 10)}, expected "
                          f"{_names(sorted(m or '<root>' for m in want_mods), 10)}")
        for name, kind in want_mods.items():
            if name and "." not in kind and got_mods[name] != kind:
                raise Problem(f"{name} is a {got_mods[name]}, expected an nn.{kind} {self.hint('types')}".rstrip())

    # ------------------------------------------------------------------ optimizer (freezing)

    def judge_optimizer(self, case: SpecCase, fact: dict[str, Any]) -> str | None:
        want = self.expected(case)
        with self.reported(case):  # flags and param_groups read off the user's live objects
            self._optimizer_facts(fact, want)
        for k, v in want["after"].items():
            self.same(fact["after"][k], v, f"{k} after {len(want['got_grad'])} training steps")
        return None

    def _optimizer_facts(self, fact: dict[str, Any], want: dict[str, Any]) -> None:
        for name, flag in want["requires_grad"].items():
            if fact["requires_grad"][name] != flag:
                raise Problem(f"{name}.requires_grad is {fact['requires_grad'][name]}: " +
                              ("it must be frozen, so that no gradient is computed for it"
                               if not flag else "it is not part of the frozen backbone and must keep training")
                              + (f" {self.hint('requires_grad')}" if not flag and self.hint("requires_grad") else ""))
        opt, want_opt = fact["optimizer"], want["optimizer"]
        if "groups" not in opt:
            raise Problem(f"returned a {opt['type']}, expected a torch.optim.Optimizer")
        if opt["type"] != want_opt["type"]:
            raise Problem(f"returned a {opt['type']} optimizer, expected {want_opt['type']}")
        held = [n for g in opt["groups"] for n in g["params"]]
        want_held = [n for g in want_opt["groups"] for n in g["params"]]
        twice = sorted({n for n in held if held.count(n) > 1})
        if twice:
            raise Problem(f"the optimizer holds {_names(twice)} more than once")
        frozen = [n for n in held if n in want["requires_grad"] and not want["requires_grad"][n]]
        if frozen:
            raise Problem(f"the optimizer holds frozen parameters ({_names(frozen)}): give it only the trainable ones "
                          f"{self.hint('frozen_in_optimizer')}".rstrip())
        missing = [n for n in want_held if n not in held]
        extra = [n for n in held if n not in want_held]
        if missing or extra:
            raise Problem(f"the optimizer's param_groups hold {_names(held)}, expected {_names(want_held)}")
        for gi, wg in enumerate(want_opt["groups"]):
            for key, value in wg["hyper"].items():
                got_v = opt["groups"][min(gi, len(opt["groups"]) - 1)]["hyper"].get(key)
                if got_v is None or abs(float(got_v) - float(value)) > 1e-12 * max(1.0, abs(float(value))):
                    raise Problem(f"param_groups[{gi}][{key!r}] is {got_v}, expected {value}")
        for i, (got, exp) in enumerate(zip(fact["got_grad"], want["got_grad"], strict=True)):
            if got != exp:
                extra = [n for n in got if n not in exp]
                raise Problem(f"training step {i + 1}: backward computed gradients for {_names(extra or got)}, "
                              f"expected only for {_names(exp)}")

    # ------------------------------------------------------------------ training loop

    def judge_train(self, case: SpecCase, fact: dict[str, Any]) -> str | None:
        snapshots: list[dict[str, torch.Tensor]] = []
        want = self.expected(case, functools.partial(self.ex.check.oracle, snapshots=snapshots))
        out, exp = fact["out"], want["out"]
        if out["kind"] != "seq" or out["type"] != "list":
            got = out.get("type") if out["kind"] != "tensor" else "torch.Tensor"
            raise Problem(f"returned a {got}, expected a list of floats (the validation loss of every epoch)")
        losses = [i.get("value") for i in out["items"]]
        expected = [i["value"] for i in exp["items"]]
        if len(losses) != len(expected):
            raise Problem(f"returned {len(losses)} losses for {len(expected)} epochs")
        rtol, atol = self.tolerances()
        rtol, atol = rtol or 1e-4, atol or 1e-6
        for i, (g, e) in enumerate(zip(losses, expected, strict=True)):
            if type(g) is not float:
                raise Problem(f"loss {i} is a {out['items'][i].get('type', 'tensor')}, expected a Python float "
                              "(loss.item())")
            if abs(g - e) > atol + rtol * abs(e):
                diag = self.diagnosis(case, lambda w: _same_floats(w["out"], losses, rtol, atol))
                raise Problem(f"validation loss of epoch {i + 1}: yours {g:.6g}, expected {e:.6g} "
                              f"{diag.strip() or self.hint('losses')}".rstrip())
        if fact.get("eval_with_grad"):
            self.observe(case, f"{fact['eval_with_grad']} validation forward(s) ran in eval mode with gradients "
                               "enabled: the values are right, but each one built an autograd graph; validate "
                               "under torch.no_grad()")
        best = min(range(len(expected)), key=lambda i: (expected[i], i))
        if not all(torch.allclose(fact["after"][k], v, rtol=rtol, atol=atol) for k, v in want["after"].items()):
            held = next((i for i, s in enumerate(snapshots)
                         if all(torch.allclose(fact["after"][k], v, rtol=rtol, atol=atol) for k, v in s.items())), None)
            where = (f"the weights after epoch {held + 1} (validation loss {expected[held]:.6g})" if held is not None
                     else "weights that match no epoch's")
            tie = held is not None and expected[held] == expected[best]
            why = ("- the losses tie, and the first epoch with the lowest one counts (replace the best only on a "
                   "strictly lower loss) " if tie else "") + self.hint("best")
            raise Problem(f"the model holds {where}, but the lowest validation loss was after epoch {best + 1} "
                          f"({expected[best]:.6g}) {why}".rstrip())
        if fact["training"] != want["training"]:
            self.observe(case, f"after returning, these modules are in training mode: {_names(fact['training'])} "
                          f"(expected: {_names(want['training']) or 'none'})")
        return f"best epoch {best + 1} of {len(expected)}"

    # ------------------------------------------------------------------ RNG replay

    def judge_rng(self, case: SpecCase, fact: dict[str, Any]) -> str | None:
        want = self.expected(case)
        out, exp = fact["out"], want["out"]
        names = list(self.options["outputs"])
        if out["kind"] != "seq" or len(out["items"]) != len(names):
            raise Problem(f"returned {out.get('type', out['kind'])}, expected a tuple ({', '.join(names)})")
        for name, g, e in zip(names, out["items"], exp["items"], strict=True):
            self.same(g, e, name, self.hint(name))
        with self.reported(case):  # a flag read off the user's tensors: y1 = model(x) carries autograd as y2 does
            for name, g, e in zip(names, out["items"], exp["items"], strict=True):
                c = compare_described(g, e, None, None, ("requires_grad",), where=name)
                if not c.ok:
                    raise Problem(f"{c.message}: {name} = model(x) is an ordinary forward, with autograd on "
                                  "(not under torch.no_grad())")
        for call, (got_out, exp_out) in enumerate(zip(fact["more"], want["more"], strict=True), start=2):
            if got_out["kind"] != "seq" or len(got_out["items"]) != len(names):
                raise Problem(f"call {call}: returned {got_out.get('type', got_out['kind'])}, expected a tuple")
            for name, g, e in zip(names, got_out["items"], exp_out["items"], strict=True):
                self.same(g, e, f"call {call} on the same model and generator: {name}", self.hint(name))
        self.same(fact["next_global"], want["next_global"], "what the global RNG draws after your function returns",
                  self.hint("next_global"))
        self.same(fact["next_gen"], want["next_gen"], "what the generator draws after your function returns",
                  self.hint("next_gen"))
        with self.reported(case):  # counted by a hook in the solution's own process
            if fact.get("forwards", 0) < want["forwards"]:
                raise Problem(f"model was called {fact.get('forwards', 0)} time(s), expected {want['forwards']}: y2 "
                              "must be a second forward pass with the restored RNG state, not a copy of y1")
        return None

    # ------------------------------------------------------------------ dynamic loss scaling

    def judge_scaler(self, case: SpecCase, fact: dict[str, Any]) -> str | None:
        return scaler.judge(self, case, fact)

    # ------------------------------------------------------------------ Adam step

    def judge_adam(self, case: SpecCase, fact: dict[str, Any]) -> str | None:
        entry = case.spec["entry"]
        n_params = len(case.spec["params"])
        steps = fact["steps"]
        with self.reported(case):  # which tensors it wrote into is seen in its own process only
            self._in_place(entry, steps)
        self._adam_values(case, entry, n_params, steps)
        if entry == self.options.get("foreach_entry"):
            with self.reported(case):  # dispatch counts: observed beside the user's code
                self._foreach_ops(entry, n_params, steps)
        return "agrees with torch.optim.Adam's for-loop, foreach and fused implementations"

    @staticmethod
    def _in_place(entry: str, steps: list[dict[str, Any]]) -> None:
        for i, step in enumerate(steps):
            if step["rebound"]:
                raise Problem(f"step {i + 1}: {entry} replaced params[{step['rebound'][0]}] with a new tensor instead "
                              "of updating it in place (an optimizer writes into the model's own tensors)")
            if step["grads_changed"]:
                raise Problem(f"step {i + 1}: {entry} wrote into grads[{step['grads_changed'][0]}]: the gradients "
                              "belong to the caller (they are the parameters' .grad); compute into new tensors")

    def _adam_values(self, case: SpecCase, entry: str, n_params: int, steps: list[dict[str, Any]]) -> None:
        scales: list[dict[str, list[torch.Tensor | None]]] | None = None
        for variant, oracle in self.ex.check.TORCH_ADAM.items():
            want = self.expected(case, oracle)["steps"]
            scales = scales or _adam_scales(case.spec, want)
            for i, (got, exp) in enumerate(zip(steps, want, strict=True)):
                for key in ("exp_avgs", "exp_avg_sqs", "params"):
                    for j in range(n_params):
                        try:
                            self.same(got[key][j], exp[key][j], f"after step {i + 1}, {key}[{j}] (vs {variant})",
                                      scale=scales[i][key][j])
                        except Problem as p:
                            diag = self.diagnosis(case, lambda w: _same_steps(w["steps"], steps))
                            raise Problem(f"{p} {diag.strip() or self.hint(key)}".rstrip()) from None

    @staticmethod
    def _foreach_ops(entry: str, n_params: int, steps: list[dict[str, Any]]) -> None:
        ops: dict[str, int] = {}
        for step in steps:
            for op, n in step["ops"].items():
                ops[op] = ops.get(op, 0) + n
        per_step = {op: n / len(steps) for op, n in ops.items()}
        single = {op: n for op, n in per_step.items() if not op.startswith("_foreach")}
        if not len(single) < len(per_step) or sum(single.values()) >= n_params:
            top = sorted(single.items(), key=lambda kv: -kv[1])[:4]
            raise Problem(f"{entry} runs {sum(single.values()):g} single-tensor ops per step for {n_params} "
                          f"parameters ({', '.join(f'{op} x{n:g}' for op, n in top)}): apply each op to "
                          "the whole list at once with torch._foreach_* (no per-parameter loop)")
