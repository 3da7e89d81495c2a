"""Tensors for contract points: one builder per axis value, shared by every exercise's check.py.

A contract (checkers/contract.py) names values such as `layout=stepped`, `dtype=float16` or
`values=large_offset`; `tensor(shape, gen, ...)` builds an input that really is that: the layout is
made by the same view ops a caller would use (a transpose, a slice with a step, an expand), so the
strides and storage offset the candidate meets are those of real code, not of `as_strided`.
"""

from __future__ import annotations

from collections.abc import Sequence

import torch

DTYPES = {"float32": torch.float32, "float64": torch.float64, "float16": torch.float16,
          "bfloat16": torch.bfloat16, "int64": torch.int64, "int32": torch.int32, "uint8": torch.uint8,
          "bool": torch.bool}

LAYOUTS = ("contiguous", "transposed", "stepped", "offset", "expanded", "channels_last", "channels_last_sliced")
VALUES = ("normal", "large_offset", "tiny", "huge", "ties", "negative", "positive", "nonfinite")


def dtype(name: str) -> torch.dtype:
    return DTYPES[name]


def _values(shape: Sequence[int], dt: torch.dtype, regime: str, gen: torch.Generator) -> torch.Tensor:
    """Contiguous values of one regime, drawn in float64 and cast (so every dtype sees the same law)."""
    shape = tuple(shape)
    if dt == torch.bool:
        return torch.rand(shape, generator=gen) < 0.5
    if not dt.is_floating_point:
        if regime == "full_range":  # ids of any value: to the dtype's ends, and past 2**53 (where a
            info = torch.iinfo(dt)  # detour through float64 rounds odd int64 values) for int64
            ids = torch.randint(info.min, info.max, shape, generator=gen, dtype=torch.int64)
            if dt == torch.int64 and ids.numel():
                ids.view(-1)[0] = 2**53 + 1
            return ids.to(dt)
        hi = {"ties": 3, "huge": 100, "negative": 10}.get(regime, 50)
        lo = -hi if (regime == "negative" and dt != torch.uint8) else 0
        return torch.randint(lo, hi, shape, generator=gen, dtype=torch.int64).to(dt)
    x = torch.randn(shape, generator=gen, dtype=torch.float64)
    if regime == "large_offset":  # E[x^2] - E[x]^2 cancels catastrophically here
        x = x + (300.0 if dt in (torch.float16, torch.bfloat16) else 1e4)
    elif regime == "tiny":
        x = x * (1e-3 if dt in (torch.float16, torch.bfloat16) else 1e-20)
    elif regime in ("huge", "full_range"):
        x = x * (1e3 if dt in (torch.float16, torch.bfloat16) else 1e15)
    elif regime == "ties":
        x = torch.randint(-2, 3, shape, generator=gen).to(torch.float64)
    elif regime == "negative":
        x = -x.abs() - 0.5
    elif regime == "positive":  # sums only grow: low-precision accumulation drifts without cancelling
        x = torch.rand(shape, generator=gen, dtype=torch.float64)
    elif regime == "nonfinite" and x.numel():
        flat = x.view(-1)
        picks = torch.randint(0, flat.numel(), (max(1, flat.numel() // 5),), generator=gen)
        specials = torch.tensor([float("nan"), float("inf"), float("-inf")], dtype=torch.float64)
        flat[picks] = specials[torch.arange(picks.numel()) % 3]
    elif regime != "normal":
        raise ValueError(f"unknown value regime {regime!r}")
    return x.to(dt)


def tensor(shape: Sequence[int], gen: torch.Generator, dtype: str = "float32", layout: str = "contiguous",
           values: str = "normal") -> torch.Tensor:
    """A tensor of `shape` whose memory layout is `layout` and whose values follow `values`.

    transposed: the last two dims swapped (a 1-d tensor gets the stepped layout); stepped: every
    other element along dim 0 of a tensor twice as long; offset: a slice
    that starts one element into its storage; expanded: dim 0 broadcast from size 1 (stride 0);
    channels_last: 4-d in NHWC memory order; channels_last_sliced: that, sliced along N with a step.
    """
    shape = list(shape)
    dt = DTYPES[dtype]
    if layout == "contiguous":
        return _values(shape, dt, values, gen)
    if layout == "transposed":
        if len(shape) < 2:  # nothing to swap: still not contiguous, as a stepped view
            return tensor(shape, gen, dtype, "stepped", values)
        swapped = shape[:-2] + [shape[-1], shape[-2]]
        return _values(swapped, dt, values, gen).transpose(-1, -2)
    if layout == "stepped":
        if not shape:
            return _values(shape, dt, values, gen)
        return _values([2 * shape[0]] + shape[1:], dt, values, gen)[::2]
    if layout == "offset":
        if not shape:
            return _values([2], dt, values, gen)[1]
        return _values([shape[0] + 1] + shape[1:], dt, values, gen)[1:]
    if layout == "expanded":
        if not shape:
            return _values(shape, dt, values, gen)
        return _values([1] + shape[1:], dt, values, gen).expand(shape)
    if layout in ("channels_last", "channels_last_sliced"):
        if len(shape) != 4:
            raise ValueError("channels_last needs a 4-d shape")
        if layout == "channels_last":
            return _values(shape, dt, values, gen).contiguous(memory_format=torch.channels_last)
        big = _values([2 * shape[0]] + shape[1:], dt, values, gen).contiguous(memory_format=torch.channels_last)
        return big[::2]
    raise ValueError(f"unknown layout {layout!r}")
