"""Trusted checker data for `compile_export` (imported by the grader only).

A case hands one trusted module (compile child's EXPORT_MODELS, in eval mode, with a random state)
and an example input to `export_dynamic(model, example_x)`; the returned program's module is run on
other batch sizes (always batch 1, a middle one, the stated largest 1024) and, after loading a second
random state, once more. Values are compared here with the eager module holding the same state.

Threat list (how a candidate gets this wrong -> what kills it):
- no dynamic_shapes (the example's batch baked in) -> every case runs other batch sizes.
- a Dim whose max is below the stated 1024, or whose min is above 2 (min 2 still admits batch 1 at
  run time in torch 2.13: only a larger min is checked) -> batch 1024 and batch 1 in every case.
- the dynamic dim put on the wrong axis (Dim.AUTO there: the batch specialised; Dim.DYNAMIC there:
  export raises) -> every case.
- exporting the example as given when its batch is 1 (0/1 specialisation: Dim.AUTO silently makes
  the batch the constant 1, a named Dim or Dim.DYNAMIC raises) -> example batch 1 (public and axis).
- returning ep.module(), or a torch.jit.trace/script module -> the returned type (and the forbid rule).
- parameters or buffers baked in as constants (a wrapper that hides the module from export) ->
  load_state_dict of a second state into ep.module() must change the output like eager.
- a module put in train mode (batch norm on batch statistics) -> conv_norm's values.
- a model-specific answer (only 2-d inputs, a hard-coded feature size) -> three models, 2-d and 3-d.
- float64 models, non-contiguous run-time inputs -> contract axes dtype and layout.
"""

import torch

from dlprep.checkers.families.compile import child as compile_child
from dlprep.checkers.families.compile.judge import CompileCase

PROBE = "export"
MAX_BATCH = 1024
# the trailing shape of each model's input: length 5 or 6 for shape_branch takes either branch
FEATURES = {"scaled_mlp": [(6,)], "shape_branch": [(4, 6), (4, 5)], "conv_norm": [(3, 7), (3, 4)]}


def oracle(model, dtype, state, x):
    """The eager module with that state: what the exported program must compute."""
    with torch.no_grad():
        return compile_child.export_model(model, getattr(torch, dtype), state)(x)


def random_state(model, dtype, gen):
    """Every float parameter and buffer drawn at random (variances kept positive)."""
    template = compile_child.EXPORT_MODELS[model]().to(getattr(torch, dtype)).state_dict()
    state = {}
    for key, v in template.items():
        if not v.is_floating_point():
            state[key] = v.clone()
        elif key.endswith("running_var"):
            state[key] = (torch.rand(v.shape, generator=gen, dtype=torch.float64) + 0.5).to(v.dtype)
        else:
            state[key] = (torch.randn(v.shape, generator=gen, dtype=torch.float64) * 0.5).to(v.dtype)
    return state


def _input(gen, batch, tail, dtype, layout):
    shape = (batch, *tail)
    if layout == "permuted":  # every dim reversed in memory: strides nothing like contiguous
        x = torch.randn(shape[::-1], generator=gen, dtype=torch.float64).permute(*range(len(shape) - 1, -1, -1))
    else:
        x = torch.randn(shape, generator=gen, dtype=torch.float64)
    return x.to(getattr(torch, dtype))


def _case(gen, name, model, example_batch, dtype="float32", layout="contiguous"):
    options = FEATURES[model]
    tail = options[int(torch.randint(len(options), (), generator=gen))]
    middle = int(torch.randint(3, 40, (), generator=gen))
    batches = [1, middle, MAX_BATCH, 2]
    example = _input(gen, example_batch, tail, dtype, "contiguous")
    inputs = [_input(gen, b, tail, dtype, layout) for b in batches]
    spec = {"model": model, "dtype": dtype, "state": random_state(model, dtype, gen),
            "new_state": random_state(model, dtype, gen)}
    return CompileCase(name, (example, *inputs), spec=spec)


def public_cases():
    gen = torch.Generator().manual_seed(2026)
    return [
        _case(gen, "mlp-with-buffers", "scaled_mlp", 4),
        _case(gen, "shape-branch-example-batch-1", "shape_branch", 1),
        _case(gen, "conv-norm-float64", "conv_norm", 2, dtype="float64"),
        _case(gen, "mlp-non-contiguous-inputs", "scaled_mlp", 3, layout="permuted"),
    ]


def hidden_cases(gen, n):
    models, batches = list(FEATURES), [1, 2, 3, 16]
    drawn = [_case(gen, f"random-{i}", models[i % len(models)], batches[int(torch.randint(4, (), generator=gen))],
                   dtype=["float32", "float64"][int(torch.randint(2, (), generator=gen))]) for i in range(n)]
    # Every model with a float64 batch-1 example: the workarounds for a batch-1 example (a new example
    # built with randn or repeat) break on one model and dtype only, a triple no pairwise set promises.
    return drawn + [_case(gen, f"float64-example-batch-1-{m}", m, 1, dtype="float64") for m in models]


def contract_case(point, gen):
    """One case of the stated domain (contract.yaml): any of the three modules, an example batch of
    1, 2 or more, float32 or float64, run-time inputs contiguous or not."""
    return _case(gen, "contract", point["model"], int(point["example_batch"]), dtype=point["dtype"],
                 layout=point["layout"])
