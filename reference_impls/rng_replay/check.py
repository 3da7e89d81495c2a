"""Trusted checker data for `rng_replay` (imported by the grader only).

The probe seeds the global RNG and a private torch.Generator from the case's seeds, calls the
entry, and then draws from both: the oracle, run the same way here, says what each must give.

Threat list (how a candidate gets this wrong -> what kills it):
- reseeding with a constant instead of saving the state -> y1 (diagnosed).
- the state saved after the first forward -> y2.
- noise from the global RNG, gen's state restored into the global RNG, or gen never restored
  -> noise1 / noise2.
- the state restored once more at the end (RNG rewound) -> the draws after the call.
- reseeding with torch.initial_seed() / gen.initial_seed() -> y1 / noise2: the probe moves both
  RNGs a few draws past their seeds (`advance`) before the call.
- y2 = y1.clone() instead of a replayed forward (same values) -> the model's forward calls are
  counted (two).
"""

import torch

from dlprep.checkers.families import model_spec
from dlprep.checkers.families.probe_family import SpecCase

PROBE = "rng"
PROBE_OPTIONS = {"outputs": ["y1", "y2", "noise1", "noise2"]}
HINTS = {
    "y1": "(the first forward must use the dropout masks that the global RNG state you were given produces: "
          "manual_seed replaces that state instead of saving it)",
    "y2": "(the replay must reuse y1's dropout masks: save torch.get_rng_state() before the first forward and "
          "torch.set_rng_state() it before the second)",
    "noise1": "(draw the noise from the generator you were given, generator=gen, not from the global RNG, and "
              "without reseeding it)",
    "noise2": "(replay the draw by saving gen.get_state() before it and gen.set_state() before the second)",
    "next_global": "(afterwards the global RNG must be where one forward pass leaves it: neither rewound to "
                   "before the first forward nor advanced by extra draws)",
    "next_gen": "(afterwards the generator must be where one draw leaves it)",
}


def oracle(model, x, gen):
    state = torch.get_rng_state()
    y1 = model(x)
    torch.set_rng_state(state)
    y2 = model(x)
    gen_state = gen.get_state()
    noise1 = torch.randn(x.shape, generator=gen)
    gen.set_state(gen_state)
    noise2 = torch.randn(x.shape, generator=gen)
    return y1, y2, noise1, noise2


def _case(name, gen, spec, batch=4):
    seeds = [int(s) for s in torch.randint(1, 2**31, (3,), generator=gen)]
    x = torch.randn(batch, model_spec.dims(spec)[0], generator=gen)
    advance = int(torch.randint(1, 6, (), generator=gen))  # draws taken from each RNG before the call
    return SpecCase(name, (), spec={"model": spec, "state": model_spec.initial_state(spec, seeds[0]), "x": x,
                                    "global_seed": seeds[1], "gen_seed": seeds[2], "advance": advance},
                    label=f"{model_spec.render(spec)}, x{list(x.shape)}")


def public_cases():
    gen = torch.Generator().manual_seed(0)
    return [
        _case("one-dropout", gen, model_spec.stack(4, 2, 8, ["residual"], dropout=0.5)),
        _case("two-dropouts", gen, model_spec.stack(3, 3, 6, ["sequential"], dropout=0.3)),
        _case("high-rate", gen, model_spec.stack(5, 1, 10, ["residual"], dropout=0.8)),
        _case("batch-of-1", gen, model_spec.stack(6, 2, 7, ["sequential", "residual"], dropout=0.2), batch=1),
    ]


def hidden_cases(gen, n):
    return [_case(f"random-{i}", gen, model_spec.random_model(gen, int(torch.randint(2, 8, (), generator=gen)), 2,
                                                              dropout=0.4)) for i in range(n)]


def contract_case(point, gen):
    """float32 or float64 model and input (noise stays float32: randn_like would follow x's dtype);
    batches of 1 to hundreds; dropout rates from 0.05 to 0.95; Dropout after residual, sequential or
    nested parallel blocks; one to three calls in a row on the same model, input and generator."""
    def pick(lo, hi):
        return int(torch.randint(lo, hi + 1, (), generator=gen))
    rate = {"mid": 0.5, "high": 0.95, "low": 0.05}[point["rate"]]
    blocks = {"residual": ["residual"], "sequential": ["sequential", "sequential"],
              "parallel_nested": ["parallel", "residual", "swapped"]}[point["blocks"]]
    spec = model_spec.stack(pick(1, 7), pick(1, 4), pick(3, 9), blocks, dropout=rate)
    batch = {"several": pick(2, 8), "one": 1, "large": pick(100, 300)}[point["batch"]]
    case = _case("contract", gen, spec, batch=batch)
    case.spec["dtype"] = point["dtype"]
    case.spec["calls"] = {"once": 1, "twice": 2, "three_times": 3}[point["calls"]]
    if point["dtype"] == "float64":
        case.spec["x"] = case.spec["x"].double()
    case.label += f", {point['dtype']}, {case.spec['calls']} call(s)"
    return case
