"""Trusted checker data for `pad_collate` (imported by the grader only): torch's pad_sequence is
the oracle for the padded tensor; lengths, mask and labels follow from the inputs.

Threat list (how a candidate gets this wrong -> what kills it):
- ids padded in a float64 (or float32) buffer and cast back: int64 ids past 2**53 round -> the
  contract's full_range values (int64 ids to the dtype's ends, one of them 2**53 + 1)
  (wrong/float64_buffer_cast, blind holdout).
- a fixed pad length, zeros instead of padding_value -> tokens, pad-id, negative-padding.
- lengths or mask recovered from the values (a real token equal to the pad value) -> tokens, pad-id.
- a mask of all True -> every case with unequal lengths.
- the padded dtype taken from padding_value (torch.full) or the default float -> tokens-default-
  padding (int64 ids, padding_value 0.0), float64-features.
- samples reordered (sorted by length) -> tokens (labels and rows out of order).
- empty sequences, one sample, non-contiguous sequences -> empty-sequence, one-sample, non-contiguous.
- a wrong default padding_value (never exercised: every case passed one, while DataLoader(collate_fn=
  pad_collate) calls it with the batch alone) -> default-padding, called as pad_collate(batch).
- inputs modified in place -> the family compares the inputs after the call.
"""

import torch
from torch.nn.utils.rnn import pad_sequence

from dlprep.checkers.base import Case

PROBE = "collate"


def oracle(batch, padding_value):
    seqs = [seq for seq, _ in batch]
    padded = pad_sequence(seqs, batch_first=True, padding_value=padding_value)
    lengths = torch.tensor([len(seq) for seq in seqs], dtype=torch.int64)
    mask = torch.arange(padded.shape[1])[None, :] < lengths[:, None]
    labels = torch.tensor([label for _, label in batch], dtype=torch.int64)
    return {"padded": padded, "lengths": lengths, "mask": mask, "labels": labels}


def _case(name, seqs, padding_value, labels=None, default_padding=False):
    """default_padding: the call leaves padding_value out (it must then be 0.0, the default)."""
    labels = labels if labels is not None else list(range(len(seqs)))
    return Case(name, ({"batch": list(zip(seqs, labels, strict=True)), "padding_value": padding_value,
                        "default_padding": default_padding},))


def public_cases():
    feats = torch.arange(60.0).reshape(20, 3)
    return [
        _case("tokens", [torch.tensor([5, 2, 0]), torch.tensor([7]), torch.tensor([1, 0, 3, 9])], 0, [1, 0, 1]),
        _case("pad-id", [torch.tensor([4, 0, 6]), torch.tensor([0, 0])], -1, [3, 5]),
        _case("features", [feats[:2], feats[2:7], feats[7:8], feats[8:13]], 0.0),
        _case("negative-padding", [feats[:3] - 30, feats[3:4]], -2.5),
        _case("empty-sequence", [torch.tensor([3, 1]), torch.tensor([], dtype=torch.int64), torch.tensor([2])], 0),
        _case("one-sample", [torch.tensor([9, 9, 9])], 0, [7]),
        _case("equal-lengths", [torch.arange(4) + 1, torch.arange(4) + 2], 0),
        _case("non-contiguous", [feats.t()[:, :4].t(), feats.t()[:, 4:6].t()], 0.5),
        _case("tokens-default-padding", [torch.tensor([3, 8]), torch.tensor([4, 4, 1])], 0.0),
        _case("float64-features", [feats[:3].double(), feats[3:5].double()], 1.5),
        _case("default-padding", [torch.tensor([6, 2]), torch.tensor([8, 1, 3, 5]),
                                  torch.tensor([], dtype=torch.int64)], 0.0, [2, 0, 1], default_padding=True),
    ]


def hidden_cases(gen, n):
    cases = []
    for k in range(n):
        b = int(torch.randint(1, 9, (), generator=gen))
        lengths = torch.randint(0, 21, (b,), generator=gen).tolist()
        if k % 2:  # token ids, zeros included, padded with a pad id
            seqs = [torch.randint(0, 50, (n_,), generator=gen) for n_ in lengths]
            pad = int(torch.randint(-1, 2, (), generator=gen))
        else:
            extra = torch.randint(1, 5, (int(torch.randint(0, 3, (), generator=gen)),), generator=gen).tolist()
            seqs = [torch.randn(n_, *extra, generator=gen) for n_ in lengths]
            pad = float(torch.randint(-3, 4, (), generator=gen)) / 2
        labels = torch.randint(0, 10, (b,), generator=gen).tolist()
        cases.append(_case(f"random-{k}", seqs, pad, labels))
    return cases


def contract_case(point, gen):
    """One case of the stated domain (contract.yaml): sequences of any dtype, 0-2 feature dims and
    any layout, lengths from 0 to past the hidden cases' 20, one sample or several, padding_value
    passed by position, by keyword or left out, NaN/inf among the values."""
    from dlprep.checkers import domain

    b = 1 if point["batch"] == "one" else int(torch.randint(2, 7, (), generator=gen))
    lengths = {"mixed": lambda: torch.randint(1, 21, (b,), generator=gen).tolist(),
               "with_empty": lambda: [0] + torch.randint(0, 21, (b - 1,), generator=gen).tolist(),
               "all_empty": lambda: [0] * b,
               "equal": lambda: [int(torch.randint(1, 9, (), generator=gen))] * b,
               "long": lambda: torch.randint(60, 160, (b,), generator=gen).tolist()}[point["lengths"]]()
    extra = torch.randint(1, 4, (int(point["features"]),), generator=gen).tolist()
    dt = point["dtype"]
    regime = {"normal": "normal", "ties": "ties", "nonfinite": "normal", "full_range": "full_range"}[point["values"]]
    seqs = []
    for n in lengths:
        # the point's layout on a 2-d+ sequence; a 1-d one (no features) gets a stepped/offset view
        s = domain.tensor([n, *extra], gen, dt, point["layout"], regime)
        if point["values"] == "nonfinite" and s.numel():
            # written through the view itself, so the layout stays (an expanded one repeats them)
            s[(0,) * s.dim()] = float("nan")
            s[(-1,) * s.dim()] = float("inf")
        seqs.append(s)
    if dt == "bool":
        pad = 0.0
    elif point["padding"] == "equal_to_values" and seqs and seqs[0].numel():
        first = seqs[0].reshape(-1)[0]  # a real value equal to the pad: lengths/mask from values fail
        pad = int(first) if dt in ("int64", "int32") else float(first)
        pad = 0.0 if pad != pad else pad
    elif dt in ("int64", "int32"):  # a whole pad for integer ids, as a pad id is
        pad = int(torch.randint(-2, 3, (), generator=gen))
    else:
        pad = float(torch.randint(-4, 5, (), generator=gen)) / 2
    labels = torch.randint(0, 10, (b,), generator=gen).tolist()
    if point["padding"] == "default":
        return _case("contract", seqs, 0.0, labels, default_padding=True)
    case = _case("contract", seqs, pad, labels)
    case.args[0]["keyword_padding"] = point["padding"] == "keyword"
    return case
