"""Trusted checker data for `checkpoint_segments` (imported by the grader only).

Threat list (how a candidate gets this wrong -> what kills it):
- nothing checkpointed -> saved count not below the plain model's.
- the last segment left plain (checkpoint_sequential) -> saved_bound (segments + layers).
- one checkpoint per layer -> saved_bound, whenever segments < layers.
- chunks of len // segments (an extra remainder segment) -> uneven-7-layers-3-segments.
- segments run under no_grad or on h.detach() (graph cut) -> the gradients of x and every W.
- dtype -> float64.
- `segments` ignored by checkpointing the whole stack once (saves only 1 + layers), or one
  checkpoint per layer -> the probe traces the aten ops of backward and counts the bursts of
  recomputed tanh (one per checkpointed segment, just before that segment's backward), which must
  equal min(segments, layers) (wrong/one_checkpoint, wrong/always_two_halves). A burst ends at
  the first op of gradient work, tanh_backward or a hand-written chain rule (right/analytic_backward).
- the legacy reentrant checkpoint (use_reentrant=True: same values, same saves, but a nested
  .backward() inside) -> the probe takes the gradients with torch.autograd.grad, as the prompt
  states, which the reentrant variant refuses (RuntimeError).
"""

import torch

from dlprep.checkers.families.autograd.judge import ProbeCase

PROBE = "saved"


def oracle(x, weights, segments):
    h = x
    for w in weights:
        h = torch.tanh(h @ w)
    return h


PROBE_OPTIONS = {"recompute_op": "tanh"}  # the forward's own op: its recomputation in backward is traced


def recomputes(x, weights, segments):
    """Segments recomputed during backward: every one of the asked segments."""
    return min(segments, len(weights))


def saved_bound(x, weights, segments):
    # Each checkpointed segment keeps its input, and at most references to its weights.
    return segments + len(weights)


def leaf_names(x, weights, segments):
    return ["x", *(f"weights[{i}]" for i in range(len(weights)))]


def label(x, weights, segments):
    dtype = str(x.dtype).removeprefix("torch.")
    return f"x{list(x.shape)} {dtype}, {len(weights)} layers, segments={segments}"


def _case(name, gen, batch, width, layers, segments, dtype=torch.float32):
    x = torch.randn(batch, width, generator=gen, dtype=dtype)
    # Scaled so that tanh stays out of saturation and every layer's gradient matters.
    weights = [torch.randn(width, width, generator=gen, dtype=dtype) / width ** 0.5 for _ in range(layers)]
    grad_out = torch.randn(batch, width, generator=gen, dtype=dtype)
    return ProbeCase(name, (x, weights, segments), spec={"grad_out": grad_out})


def public_cases():
    gen = torch.Generator().manual_seed(0)
    return [
        _case("8-layers-2-segments", gen, 4, 16, 8, 2),
        _case("12-layers-3-segments", gen, 3, 8, 12, 3),
        _case("one-layer-per-segment", gen, 2, 5, 6, 6),
        _case("one-segment", gen, 5, 4, 5, 1),
        _case("uneven-7-layers-3-segments", gen, 1, 7, 7, 3),
        _case("float64", gen, 2, 6, 6, 2, torch.float64),
    ]


def hidden_cases(gen, n):
    cases = []
    for i in range(n):
        layers = int(torch.randint(4, 13, (), generator=gen))
        segments = int(torch.randint(2, layers + 1, (), generator=gen)) if i else 1
        batch, width = (int(v) for v in torch.randint(1, 12, (2,), generator=gen))
        cases.append(_case(f"random-{i}", gen, batch, width, layers, segments))
    return cases


# ---------------------------------------------------------------- the stated domain (contract.yaml)

def contract_case(point, gen):
    """A stack of the point's depth (2 to 6 layers, or 16 to 24), split into segments that divide
    it, do not divide it, make one group, or one group per layer; float32 or float64; a batch of
    one, an odd one, or a few rows."""
    lo, hi = (2, 7) if point["depth"] == "shallow" else (16, 25)
    layers = int(torch.randint(lo, hi, (), generator=gen))
    if point["split"] == "one_segment":
        segments = 1
    elif point["split"] == "per_layer":
        segments = layers
    else:  # a depth with a split of the asked kind (a prime has no divisor, 2 layers no uneven split)
        def splits(n):
            return [k for k in range(2, n) if (n % k == 0) == (point["split"] == "divides")]
        while not splits(layers):
            layers += 1
        options = splits(layers)
        segments = options[int(torch.randint(0, len(options), (), generator=gen))]
    batch = {"normal": int(torch.randint(2, 6, (), generator=gen)), "one": 1, "odd": 7}[point["batch"]]
    width = int(torch.randint(3, 12, (), generator=gen))
    dtype = torch.float64 if point["dtype"] == "float64" else torch.float32
    return _case("contract", gen, batch, width, layers, segments, dtype)
