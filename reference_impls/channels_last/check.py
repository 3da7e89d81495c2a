"""Trusted checker data for `channels_last`: contiguous(memory_format=channels_last) is the oracle.

Threat list (how a candidate gets this wrong -> what kills it):
- a permute alone (strides change, memory does not) -> nchw (exact strides).
- an NHWC-shaped result -> nchw (exact shape).
- a copy when x already is channels_last -> already-channels-last (shares-storage property).
- "already channels_last" judged by exact strides, missing size-1 dims -> one-channel, one-pixel.
- "already channels_last" judged by stride order, returning a non-dense x -> sliced-channels-last.
- a buffer allocated without dtype= (float32) -> float64, int32.
- a re-layout through numpy (no bfloat16 there) -> contract dtype bfloat16.
- x returned as a view of itself (permute, contiguous() that finds it dense, permute back) is no
  copy: the same strides and memory as x itself, accepted (right/permute_roundtrip_view).
- zero-size inputs: not checked on purpose. torch re-strides an empty NCHW tensor, while
  "permute(0, 2, 3, 1) is contiguous" (true for any empty tensor) returns it as is; the strides
  of an empty tensor address nothing, and requiring torch's choice would be an unstated rule.
- modifying x in place -> the family compares every input after the call.
"""

import torch

from dlprep.checkers import domain
from dlprep.checkers.base import Case


def oracle(x):
    return x.contiguous(memory_format=torch.channels_last)


def public_cases():
    gen = torch.Generator().manual_seed(0)
    x = torch.randn(2, 3, 4, 5, generator=gen)
    return [
        Case("nchw", (x,)),
        Case("already-channels-last", (x.contiguous(memory_format=torch.channels_last),)),
        Case("one-channel", (torch.randn(2, 1, 3, 3, generator=gen),)),
        Case("one-pixel", (torch.randn(3, 4, 1, 1, generator=gen),)),
        Case("transposed-hw", (torch.randn(1, 2, 5, 3, generator=gen).transpose(2, 3),)),
        Case("batch-one", (torch.randn(1, 8, 2, 2, generator=gen),)),
        # W sliced with a step: channel stride is still the smallest, but the memory is not dense.
        Case("sliced-channels-last", (x.contiguous(memory_format=torch.channels_last)[:, :, :, ::2],)),
        Case("float64", (torch.randn(2, 3, 2, 2, generator=gen, dtype=torch.float64),)),
        Case("int32", (torch.randint(-50, 50, (2, 3, 2, 3), generator=gen, dtype=torch.int32),)),
    ]


def hidden_cases(gen, n):
    cases = []
    for i in range(n):
        shape = torch.randint(1, 6, (4,), generator=gen).tolist()
        cases.append(Case(f"random-{i}", (torch.randn(*shape, generator=gen),)))
    return cases


def contract_case(point, gen):
    """A 4-d tensor of any layout (NCHW, already channels_last, a slice of either along N, an
    offset or transposed view), any dtype, with size-1 channels, pixels or batch."""
    n, c, h, w = torch.randint(2, 5, (4,), generator=gen).tolist()
    n, c, h, w = {"regular": (n, c, h, w), "one_channel": (n, 1, h, w), "one_pixel": (n, c, 1, 1),
                  "one_image": (1, c, h, w)}[point["shape"]]
    layout = point["layout"]
    if layout == "transposed" and h == w == 1:
        layout = "stepped"
    return Case("contract", (domain.tensor((n, c, h, w), gen, point["dtype"], layout),))
