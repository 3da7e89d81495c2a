"""Trusted checker data for `compile_aot_graphs` (imported by the grader only).

The models live in dlprep.checkers.families.compile.child.MODELS, so that the sandboxed child and this
oracle run the same code; a case names one and sends its inputs and the output's gradient.

Threat list (how a candidate gets this wrong -> what kills it):
- a plain Dynamo backend (torch-level graph, no backward graph) -> the backward-graph check.
- only fw_compiler, or the lists swapped -> graph counts and the *_backward ops check.
- the recorder given as inference_compiler (never used when inputs require grad) -> no forward graph.
- lists kept at module level (graphs of earlier models pile up) -> one forward and one backward
  graph per make_backend(), every case after the first.
- gm.graph recorded instead of the GraphModule -> the recorded type.
- output or gradients changed by the compilers -> compared with eager autograd.
- a recorder that works for one model or input shape only -> contract axes rows (a single row)
  and lead (a leading batch dimension), the model drawn for each.
"""

import torch

from dlprep.checkers.families.compile.child import MODELS
from dlprep.checkers.families.compile.judge import CompileCase

PROBE = "aot"
# (ops the forward graph must hold, ops the backward graph must hold), as aten overload names.
EXPECTED_OPS = {
    "tanh_mlp": (["aten.mm.default", "aten.tanh.default"], ["aten.tanh_backward.default", "aten.mm.default"]),
    "gelu_linear": (["aten.gelu.default"], ["aten.gelu_backward.default"]),
    "gated_norm": (["aten.native_layer_norm.default", "aten.sigmoid.default"],
                   ["aten.native_layer_norm_backward.default", "aten.sigmoid_backward.default"]),
}


def oracle(model, args, grad_out):
    """Eager autograd: the model's output and every input's gradient for `grad_out`."""
    leaves = [a.requires_grad_() for a in args]
    out = MODELS[model](*leaves)
    out.backward(grad_out)
    return out.detach(), [x.grad for x in leaves]


def _shapes(model, rows, k, m, lead=()):
    if model == "tanh_mlp":
        return [(*lead, rows, k), (k, m), (m, 3)], (*lead, rows, 3)
    if model == "gelu_linear":
        return [(*lead, rows, k), (m, k), (m,)], (*lead, rows, m)
    return [(*lead, rows, k), (k,)], (*lead, rows, k)


def _case(gen, name, model, rows, k, m, lead=()):
    shapes, out_shape = _shapes(model, rows, k, m, lead)
    args = tuple(torch.randn(*s, generator=gen) for s in shapes)
    return CompileCase(name, args, spec={"model": model, "grad_out": torch.randn(*out_shape, generator=gen)})


def public_cases():
    gen = torch.Generator().manual_seed(11)
    return [
        _case(gen, "tanh-mlp", "tanh_mlp", 4, 5, 6),
        _case(gen, "gelu-linear", "gelu_linear", 3, 7, 5),
        _case(gen, "gated-layer-norm", "gated_norm", 4, 6, 0),
        _case(gen, "gelu-linear-batched", "gelu_linear", 3, 4, 6, lead=(2,)),
    ]


def hidden_cases(gen, n):
    return []  # the contract's points are the hidden cases: one row or several, batched or not


def contract_case(point, gen):
    """One case of the stated domain (contract.yaml): any of the three models (drawn), its input
    holding a single row or several, with or without a leading batch dimension."""
    names = sorted(MODELS)
    model = names[int(torch.randint(len(names), (), generator=gen))]
    rows = 1 if point["rows"] == "one" else int(torch.randint(2, 9, (), generator=gen))
    k, m = torch.randint(2, 9, (2,), generator=gen).tolist()
    lead = (int(torch.randint(2, 4, (), generator=gen)),) if point["lead"] == "batched" else ()
    return _case(gen, "contract", model, rows, k, m, lead)
