"""The sandbox's wire format: everything a harness sends arrives exactly, and nothing forged runs
code or reads past the message."""

from __future__ import annotations

import json
import math
import pickle
from collections import OrderedDict
from typing import Any

import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

from dlprep.checkers.sandbox import wire


def _roundtrip(obj: Any) -> Any:
    return wire.loads(wire.dumps(obj))


def _forge(obj: Any, edit) -> bytes:
    """A message for `obj` whose JSON header `edit` has changed, storages kept."""
    data = wire.dumps(obj)
    m = len(wire.MAGIC)
    n = int.from_bytes(data[m:m + 8], "big")
    head = json.loads(data[m + 8:m + 8 + n])
    edit(head)
    raw = json.dumps(head).encode()
    return wire.MAGIC + len(raw).to_bytes(8, "big") + raw + data[m + 8 + n:]


def test_plain_data_keeps_its_types():
    obj = {"list": [1, 2.5, True, None, "s\u0000x"], "tuple": (1, (2, 3)), 3: "int key", ("a", 1): "tuple key",
           "\u0000": "the tag key itself", "od": OrderedDict([("b", 1), ("a", 2)]), "size": torch.Size([2, 3]),
           "dtype": torch.bfloat16, "device": torch.device("cpu"), "big": 2**80}
    out = _roundtrip(obj)
    assert out == obj
    assert type(out["tuple"]) is tuple and type(out["tuple"][1]) is tuple
    assert type(out["od"]) is OrderedDict and list(out["od"]) == ["b", "a"]
    assert type(out["size"]) is torch.Size and out["dtype"] is torch.bfloat16
    nan = _roundtrip([math.nan, math.inf, -math.inf])
    assert math.isnan(nan[0]) and nan[1:] == [math.inf, -math.inf]


def test_tensors_keep_layout_dtype_flags_and_sharing():
    base = torch.arange(12.0).reshape(3, 4)
    views = [base.t(), base[1:, ::2], torch.zeros(3).expand(2, 3), torch.empty(3, 0), torch.tensor(3.0)]
    out = _roundtrip({"views": views, "base": base})
    for got, want in zip(out["views"], views, strict=True):
        assert torch.equal(got, want)
        assert (got.shape, got.stride(), got.storage_offset()) == (want.shape, want.stride(), want.storage_offset())
    # views of one storage arrive as views of one storage
    assert out["views"][0].untyped_storage().data_ptr() == out["base"].untyped_storage().data_ptr()
    out["base"][0, 0] = 100.0
    assert out["views"][0][0, 0] == 100.0
    for t in (torch.tensor([True, False]), torch.randn(3, dtype=torch.complex64), torch.randn(4).bfloat16(),
              torch.arange(5, dtype=torch.int64), torch.randn(2).half()):
        got = _roundtrip(t)
        assert got.dtype == t.dtype and torch.equal(got, t)
    assert _roundtrip(torch.ones(2, requires_grad=True)).requires_grad
    p = _roundtrip(torch.nn.Parameter(torch.ones(1), requires_grad=False))
    assert type(p) is torch.nn.Parameter and not p.requires_grad


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=1, max_size=3), st.integers(0, 2**31 - 1))
def test_random_strided_views_arrive_exactly(shape, seed):
    gen = torch.Generator().manual_seed(seed)
    big = torch.randn(200, generator=gen, dtype=torch.float64)
    stride = [int(torch.randint(0, 5, (1,), generator=gen)) for _ in shape]
    offset = int(torch.randint(0, 10, (1,), generator=gen))
    if sum((n - 1) * s for n, s in zip(shape, stride, strict=True) if n) + offset >= 200:
        return
    t = big.as_strided(shape, stride, offset)
    got = _roundtrip(t)
    assert torch.equal(got, t) and got.stride() == t.stride() and got.storage_offset() == t.storage_offset()


def test_what_cannot_be_sent_is_refused_on_the_sending_side():
    class Sneaky(torch.Tensor):
        pass

    for bad in (object(), {1, 2}, b"bytes", torch.ones(2).as_subclass(Sneaky), [print]):
        with pytest.raises(TypeError, match="cannot send"):
            wire.dumps({"x": bad})


@pytest.mark.parametrize("edit, message", [
    (lambda h: h["doc"]["x"].update(shape=[1000]), "past the end of its storage"),
    (lambda h: h["doc"]["x"].update(offset=5), "past the end of its storage"),
    (lambda h: h["doc"]["x"].update(stride=[-1]), "non-negative"),
    (lambda h: h["doc"]["x"].update(shape=[2, 1]), "non-negative and match"),
    (lambda h: h["doc"]["x"].update(storage=3), "index out of range"),
    (lambda h: h["doc"]["x"].update(dtype="os.system"), "os.system"),
    (lambda h: h["doc"].update(y={"\u0000": "pickle", "v": "x"}), "unknown wire tag"),
    (lambda h: h["doc"].update(y={"\u0000": "dict", "v": [[[1], 2]]}), "hashable"),
    (lambda h: h.update(storages=[4]), "do not add up"),
])
def test_forged_messages_are_refused(edit, message):
    with pytest.raises(ValueError, match=message):
        wire.loads(_forge({"x": torch.ones(2)}, edit))


def test_truncated_or_foreign_bytes_are_refused():
    good = wire.dumps({"x": torch.ones(3)})
    for bad in (b"", good[:-1], good[:10], pickle.dumps({"x": 1}), b"DLPW1\n" + (5).to_bytes(8, "big") + b"{}"):
        with pytest.raises(ValueError):
            wire.loads(bad)


def test_with_field_rewrites_one_top_level_key_and_keeps_every_tensor():
    """The trusted run parent overwrites the process count without decoding tensors."""
    x = torch.arange(6.0).reshape(2, 3)
    blob = wire.dumps({"value": x, "view": x.t(), "processes": 0})
    facts = wire.loads(wire.with_field(blob, "processes", 3))
    assert facts["processes"] == 3
    assert torch.equal(facts["value"], x) and torch.equal(facts["view"], x.t())
    assert facts["view"].untyped_storage().data_ptr() == facts["value"].untyped_storage().data_ptr()


def test_with_field_refuses_anything_but_one_plain_dict():
    """A forged result (a list, a dict in the tagged form) cannot be corrected: the caller fails it."""
    for obj in ([1, 2], {1: "a"}, {"\u0000": "x"}):
        with pytest.raises(ValueError):
            wire.with_field(wire.dumps(obj), "processes", 1)
    with pytest.raises(ValueError):
        wire.with_field(b"garbage", "processes", 1)
