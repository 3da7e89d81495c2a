"""Trusted checker data for `pad_collate` (imported by the grader only): torch's pad_sequence is
the oracle for the padded tensor; lengths, mask and labels follow from the inputs.

Threat list (how a candidate gets this wrong -> what kills it):
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
