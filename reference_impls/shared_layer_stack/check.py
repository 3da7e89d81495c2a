"""Trusted checker data for `shared_layer_stack` (imported by the grader only).

Threat list (how a candidate gets this wrong -> what kills it; facts from the structure probe):
- separate blocks per slot (deepcopy or a comprehension) -> parameters() count, every case.
- only the Linear shared, a new Sequential per slot -> modules() count.
- a plain Python list of slots -> state_dict keys.
- iterating children()/modules() (the shared block applied once) -> outputs with depth > 1.
- the residual dropped -> outputs, every case.
- the shared weight's gradient not summed over slots -> gradients after each train step.
"""

import torch
from torch import nn

from dlprep.checkers.families import model_spec
from dlprep.checkers.families.probe_family import SpecCase

PROBE = "structure"
HINTS = {
    "parameters": "(the slots of layers hold separate modules - copies, even with equal weights, are separate "
                  "parameters that drift apart once trained: put the one block object in every slot)",
    "modules": "(modules() yields a shared module once: every slot must hold the same object)",
    "state_dict": "(state_dict() lists a shared module under every name it is reachable by; a plain Python "
                  "list registers nothing: use nn.ModuleList)",
    "output": "(iterating self.layers.children() or .modules() yields a shared module only once: iterate "
              "self.layers itself, which yields every slot)",
}


class SharedStack(nn.Module):
    def __init__(self, dim, depth):
        super().__init__()
        block = nn.Sequential(nn.Linear(dim, dim), nn.Tanh())
        self.layers = nn.ModuleList([block] * depth)
        self.head = nn.Linear(dim, 1)

    def forward(self, x):
        for layer in self.layers:
            x = x + layer(x)
        return self.head(x)


oracle = SharedStack


def _case(name, gen, dim, depth, batches=(4, 3), modes=None, scale=1.0, keyword=False):
    with model_spec.private_global_rng(int(torch.randint(0, 2**31, (), generator=gen))):
        state = {k: v.detach().clone() for k, v in SharedStack(dim, depth).state_dict().items()}
    modes = modes or [True] * len(batches)
    steps = [{"train": train, "x": scale * torch.randn(n, dim, generator=gen),
              "grad_out": torch.randn(n, 1, generator=gen)} for n, train in zip(batches, modes, strict=True)]
    args, kwargs = ((), {"dim": dim, "depth": depth}) if keyword else ((dim, depth), {})
    return SpecCase(name, args, kwargs, spec={"state": state, "steps": steps},
                    label=f"dim={dim}, depth={depth}, batches {list(batches)}, x scale {scale:g}")


def public_cases():
    gen = torch.Generator().manual_seed(0)
    return [
        _case("depth-3", gen, 4, 3),
        _case("depth-1", gen, 3, 1),
        _case("deep", gen, 2, 6),
        _case("batch-of-1", gen, 5, 2, batches=(1,)),
    ]


def hidden_cases(gen, n):
    return [_case(f"random-{i}", gen, int(torch.randint(1, 7, (), generator=gen)),
                  int(torch.randint(2, 6, (), generator=gen))) for i in range(n)]


def contract_case(point, gen):
    """Depth 1, a few and up to 16 slots; dim 1 to wide; a batch of 1 or hundreds; inputs of unit,
    huge (tanh saturated) and tiny magnitude; positional or keyword construction; the same object
    stepped again, in eval mode between two training steps."""
    def pick(lo, hi):
        return int(torch.randint(lo, hi + 1, (), generator=gen))
    depth = {"several": pick(2, 5), "one": 1, "deep": pick(9, 16)}[point["depth"]]
    dim = {"small": pick(2, 6), "one": 1, "wide": pick(17, 48)}[point["dim"]]
    n = {"several": pick(2, 9), "one": 1, "large": pick(64, 256)}[point["batch"]]
    scale = {"unit": 1.0, "huge": 1e3, "tiny": 1e-4}[point["values"]]
    modes = {"train_twice": [True, True], "train_eval_train": [True, False, True]}[point["steps"]]
    return _case("contract", gen, dim, depth, batches=[n] * len(modes), modes=modes, scale=scale,
                 keyword=point["call"] == "keyword")
