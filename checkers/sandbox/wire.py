"""What crosses the sandbox boundary: plain data and tensors, in a form whose decoding runs no code.

    blob = dumps({"cases": [...], "threads": []});  facts = loads(blob)

A message is a JSON document followed by the raw bytes of the tensor storages it refers to: the
safetensors idea, extended to the nested dicts, lists and tuples a harness sends. Decoding is
`json.loads` plus `Tensor.set_` on byte buffers, so a forged message can at worst be wrong data,
never code (a pickle can be). It replaces torch.save / torch.load(weights_only=True), whose
pure-Python unpickler cost more than the run itself for a small exercise (~5 ms a message here).

Kept exactly: dicts (any hashable plain keys), lists, tuples, str, int, float (nan/inf too), bool,
None, torch.Size, torch.dtype, torch.device, and tensors with their dtype, shape, strides, offset,
requires_grad and storage sharing (views of one storage arrive as views of one storage; an input
with zero strides stays one). Anything else raises TypeError on the sending side.
"""

from __future__ import annotations

import ctypes
import json
from collections import OrderedDict
from typing import Any

import torch

MAGIC = b"DLPW1\n"
_TAG = "\u0000"  # key of a tagged object; a real dict using it is sent in the tagged form itself
_DTYPES = {str(d).removeprefix("torch."): d for d in vars(torch).values() if isinstance(d, torch.dtype)}
_JSON_SCALARS = (str, int, float, bool, type(None))
_empty, _set = torch.empty, torch.Tensor.set_  # captured before any user code can patch them


class _Encoder:
    def __init__(self) -> None:
        self.storages: dict[tuple[int, int], int] = {}  # (data_ptr, nbytes) -> index
        self.chunks: list[bytes] = []
        self.alive: list[torch.Tensor] = []  # so that no address is reused while we encode

    def storage(self, t: torch.Tensor) -> int:
        s = t.untyped_storage()
        key = (s.data_ptr(), s.nbytes())
        if key not in self.storages or not key[0]:
            self.storages[key] = len(self.chunks)
            self.chunks.append(ctypes.string_at(s.data_ptr(), s.nbytes()) if s.nbytes() else b"")
            self.alive.append(t)
        return self.storages[key]

    def encode(self, obj: Any, depth: int = 0) -> Any:
        if depth > 100:
            raise TypeError("nested too deeply to send")
        t = type(obj)
        if t in _JSON_SCALARS:
            return obj
        if t is list:
            return [self.encode(x, depth + 1) for x in obj]
        if t is dict and all(type(k) is str and k != _TAG for k in obj):
            return {k: self.encode(v, depth + 1) for k, v in obj.items()}
        if t in (dict, OrderedDict):
            return {_TAG: "dict" if t is dict else "odict",
                    "v": [[self.encode(k, depth + 1), self.encode(v, depth + 1)] for k, v in obj.items()]}
        if t is tuple:
            return {_TAG: "tuple", "v": [self.encode(x, depth + 1) for x in obj]}
        if t is torch.Size:
            return {_TAG: "size", "v": list(obj)}
        if t is torch.dtype:
            return {_TAG: "dtype", "v": str(obj).removeprefix("torch.")}
        if t is torch.device:
            return {_TAG: "device", "v": str(obj)}
        if t is torch.Tensor or t is torch.nn.Parameter:
            x = obj.detach().cpu()
            return {_TAG: "tensor", "storage": self.storage(x), "dtype": str(x.dtype).removeprefix("torch."),
                    "offset": x.storage_offset(), "shape": list(x.shape), "stride": list(x.stride()),
                    "requires_grad": bool(obj.requires_grad), "parameter": t is torch.nn.Parameter}
        raise TypeError(f"cannot send a {t.__module__}.{t.__qualname__} across the sandbox boundary")


def dumps(obj: Any) -> bytes:
    enc = _Encoder()
    doc = enc.encode(obj)
    sizes = [len(c) for c in enc.chunks]
    head = json.dumps({"doc": doc, "storages": sizes}, separators=(",", ":")).encode()
    return b"".join([MAGIC, len(head).to_bytes(8, "big"), head, *enc.chunks])


def with_field(data: bytes, key: str, value: int | str | None) -> bytes:
    """The message with one key of its top-level dict set to a plain value, without decoding a
    tensor: only the JSON head is rewritten, the storages are kept as bytes. For the trusted run
    parent, which must overwrite a fact the submission sent (the process count) and should not
    pay for turning every tensor into torch objects and back. Raises ValueError unless the message
    is one plain dict (which is what a harness sends)."""
    if not data.startswith(MAGIC) or len(data) < len(MAGIC) + 8:
        raise ValueError("not a dlprep wire message")
    at = len(MAGIC) + 8
    n = int.from_bytes(data[len(MAGIC):at], "big")
    try:
        head = json.loads(data[at:at + n])
        doc = head["doc"]
    except (ValueError, TypeError, KeyError) as e:
        raise ValueError(f"bad wire header: {e}") from None
    if type(doc) is not dict or _TAG in doc:
        raise ValueError("not a plain dict")
    doc[key] = value
    new = json.dumps(head, separators=(",", ":")).encode()
    return b"".join([MAGIC, len(new).to_bytes(8, "big"), new, data[at + n:]])


def loads(data: bytes) -> Any:
    """Decode a message; anything malformed raises ValueError (never runs code, never reads past it)."""
    if not data.startswith(MAGIC) or len(data) < len(MAGIC) + 8:
        raise ValueError("not a dlprep wire message")
    at = len(MAGIC) + 8
    n = int.from_bytes(data[len(MAGIC):at], "big")
    try:
        head = json.loads(data[at:at + n])
        sizes = [int(s) for s in head["storages"]]
    except (ValueError, TypeError, KeyError) as e:
        raise ValueError(f"bad wire header: {e}") from None
    body = bytearray(data[at + n:])  # writable: torch.frombuffer warns about read-only buffers
    if any(s < 0 for s in sizes) or sum(sizes) != len(body):
        raise ValueError("wire storages do not add up to the message's size")
    storages, start = [], 0
    for s in sizes:
        # cloned: each storage gets memory of its own, aligned as torch aligns it
        u8 = torch.frombuffer(body, dtype=torch.uint8, offset=start, count=s).clone() if s else \
            _empty(0, dtype=torch.uint8)
        storages.append(u8.untyped_storage())
        start += s
    try:
        return _decode(head["doc"], storages, 0)
    except (ValueError, TypeError, KeyError, IndexError, RuntimeError) as e:
        raise ValueError(f"bad wire message: {e}"[:300]) from None


def _decode(x: Any, storages: list[Any], depth: int) -> Any:
    if depth > 100:
        raise ValueError("nested too deeply")
    if type(x) is list:
        return [_decode(v, storages, depth + 1) for v in x]
    if type(x) is not dict:
        return x
    tag = x.get(_TAG)
    if tag is None:
        return {k: _decode(v, storages, depth + 1) for k, v in x.items()}
    if tag in ("dict", "odict"):
        pairs = [(_key(_decode(k, storages, depth + 1)), _decode(v, storages, depth + 1)) for k, v in x["v"]]
        return dict(pairs) if tag == "dict" else OrderedDict(pairs)
    if tag == "tuple":
        return tuple(_decode(v, storages, depth + 1) for v in x["v"])
    if tag == "size":
        return torch.Size([int(v) for v in x["v"]])
    if tag == "dtype":
        return _DTYPES[x["v"]]
    if tag == "device":
        return torch.device(str(x["v"]))
    if tag == "tensor":
        t = _empty(0, dtype=_DTYPES[x["dtype"]])
        storage, offset = storages[int(x["storage"])], int(x["offset"])
        shape, stride = [int(v) for v in x["shape"]], [int(v) for v in x["stride"]]
        if len(shape) != len(stride) or min([offset, *shape, *stride]) < 0:
            raise ValueError("a tensor's shape, strides and offset must be non-negative and match")
        last = offset + sum((n - 1) * s for n, s in zip(shape, stride, strict=True)) if all(shape) else -1
        if (last + 1) * t.element_size() > storage.nbytes():  # set_ would grow the storage instead
            raise ValueError("a tensor reaches past the end of its storage")
        _set(t, storage, offset, shape, stride)
        if x.get("parameter"):
            return torch.nn.Parameter(t, requires_grad=bool(x["requires_grad"]))
        return t.requires_grad_() if x["requires_grad"] else t
    raise ValueError(f"unknown wire tag {tag!r}")


def _key(k: Any) -> Any:
    if isinstance(k, (list, dict)):
        raise ValueError("a dict key must be hashable")
    return k
