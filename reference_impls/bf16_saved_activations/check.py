"""Trusted checker data for `bf16_saved_activations` (imported by the grader only).

The user's hooks and the reference's are run by the autograd family's `packed` probe
(checkers/families/autograd/saved_hooks.py) over the same small forwards; per pack call the bytes
the packed object holds and its tensor, per unpack the tensor returned, packed_bytes, the output and
the gradients are compared.

Threat list (how a candidate gets this wrong -> what kills it):
- pack that keeps the original next to the copy (or returns t.to(bfloat16) and also t) -> bytes held
  per pack call.
- the original stashed elsewhere (a list on self) and returned by unpack -> unpack's values are not
  the bfloat16-rounded ones; the original still alive after forward (reported).
- unpack that returns the bfloat16 tensor, or always float32 -> dtype per unpack; dtype: float64.
- parameters compressed (no check), or only `isinstance(t, nn.Parameter)` skipped -> model: mlp /
  embedding / gather (F.linear saves weight.t(), a view, not a Parameter); bytes and gradients.
- every dtype cast, int64 indices included (rounded past 256) -> model: embedding (1000 rows),
  gather (300 columns): bytes, unpack values, gradients landing in the wrong rows.
- float16 activations "compressed" to bfloat16 (precision lost, no bytes saved) -> model: half.
- unpack that up-casts every bfloat16 tensor it gets (a bare bf16 copy packed, the dtype kept
  elsewhere): real bfloat16 activations come back as float32/float64 -> model: half saves a
  bfloat16 activation too; dtype per unpack.
- params read lazily (the iterable scanned in every pack): a generator is exhausted after the first
  -> params: generator.
- packed_bytes counting the original's bytes, or the parameters' -> packed_bytes compared.
- a copy shared between two saves of the same tensor (cached by id) -> packed_bytes (one per call).
- parameters recognised by t.data_ptr() instead of the storage's -> gamma[1:], a parameter view at
  offset 1, is saved by every model.
- shape or layout lost (a flattened copy) -> layout: transposed, batch: one/empty; unpack's shape.
- hooks that change the forward (in-place rounding of t) -> the output compared.
"""

import torch

from dlprep.checkers.families.autograd.judge import ProbeCase
from dlprep.checkers.families.autograd.saved_hooks import forward

PROBE = "packed"


class _Reference(torch.autograd.graph.saved_tensors_hooks):
    """The oracle: torch's own hooks API, packing float32/float64 non-parameter tensors to bfloat16."""

    def __init__(self, params):
        self._storages = {p.untyped_storage().data_ptr() for p in params}
        self.packed_bytes = 0
        super().__init__(self._pack, self._unpack)

    def _pack(self, t):
        if t.dtype not in (torch.float32, torch.float64) or t.untyped_storage().data_ptr() in self._storages:
            return t
        low = t.to(torch.bfloat16)
        self.packed_bytes += low.numel() * 2
        return (low, t.dtype, t.device)

    @staticmethod
    def _unpack(packed):
        if isinstance(packed, torch.Tensor):
            return packed
        low, dtype, device = packed
        return low.to(device=device, dtype=dtype)


oracle = _Reference

VOCAB, COLUMNS = 1000, 300  # both past 256: bfloat16 holds integers exactly only up to 256


def _weights(model, gen, width, hidden):
    def r(*shape):
        return torch.randn(*shape, generator=gen) / max(1, shape[-1]) ** 0.5

    if model == "mlp":
        return {"w1": r(hidden, width), "b1": r(hidden), "w2": r(width, hidden), "b2": r(width), "gamma": r(width + 1)}
    if model == "embedding":
        return {"table": r(VOCAB, width), "w1": r(hidden, width), "b1": r(hidden), "gamma": r(hidden + 1)}
    if model == "gather":
        return {"w1": r(hidden, 4), "b1": r(hidden), "gamma": r(hidden + 1)}
    return {"w1": r(hidden, width), "b1": r(hidden), "gamma": r(hidden + 1)}  # half


def _case(name, gen, *, model, dtype, batch, layout, x_grad, params="list"):
    rows = {"normal": int(torch.randint(2, 6, (), generator=gen)), "one": 1, "empty": 0}[batch]
    width, hidden = int(torch.randint(3, 7, (), generator=gen)), int(torch.randint(3, 7, (), generator=gen))
    weights = _weights(model, gen, width, hidden)
    aux = None
    if model == "embedding":
        x = torch.randint(0, VOCAB, (rows, 3), generator=gen)
        x[:, 0] = torch.randint(VOCAB - 50, VOCAB, (rows,), generator=gen)  # rows past 256 always used
    elif model == "gather":
        x = torch.randn(rows, COLUMNS, generator=gen)
        aux = torch.randint(COLUMNS // 2, COLUMNS, (rows, 4), generator=gen)
    else:
        x = torch.randn(rows, width, generator=gen)
    dt = getattr(torch, dtype)
    with torch.no_grad():
        cast = {k: v.to(dt) for k, v in weights.items()}
        shape = forward(model, cast, x.to(dt) if x.is_floating_point() else x, aux).shape
    spec = {"model": model, "dtype": dtype, "weights": weights, "x": x, "aux": aux,
            "transposed": layout == "transposed", "x_grad": x_grad == "yes",
            "grad_out": torch.randn(shape, generator=gen), "params_as": params}
    return ProbeCase(name, (), spec=spec)


def label(case):
    s = case.spec
    x = s["x"]
    what = (f"int64 indices {list(x.shape)} into {VOCAB} rows" if s["model"] == "embedding"
            else f"x {list(x.shape)}" + (" (non-contiguous)" if s["transposed"] else "")
            + (" requires_grad" if s["x_grad"] else ""))
    gen = ", params a generator" if s.get("params_as") == "generator" else ""
    return f"{s['model']} in {s['dtype']}, {what}{gen}"


def public_cases():
    gen = torch.Generator().manual_seed(0)
    return [
        _case("mlp", gen, model="mlp", dtype="float32", batch="normal", layout="contiguous", x_grad="yes"),
        _case("embedding", gen, model="embedding", dtype="float32", batch="normal", layout="contiguous",
              x_grad="no"),
        _case("half-float64", gen, model="half", dtype="float64", batch="one", layout="transposed", x_grad="yes",
              params="generator"),
    ]


def hidden_cases(gen, n):
    return []  # the contract's points are the hidden cases


def contract_case(point, gen):
    return _case("contract", gen, **point)
