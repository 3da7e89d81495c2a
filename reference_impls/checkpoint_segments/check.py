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
  equal min(segments, layers) (wrong/one_checkpoint, wrong/always_two_halves).
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
