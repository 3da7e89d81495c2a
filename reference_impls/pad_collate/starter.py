"""A collate_fn for variable-length sequences.

`DataLoader(dataset, batch_size=B, collate_fn=pad_collate)` hands `pad_collate` a list of B
samples, each a `(seq, label)` pair: `seq` a tensor of shape (L_i, *features) (L_i may differ
from sample to sample and may be 0; features may be none, as for token ids) and `label` an int.
The default collate_fn would fail: it can only stack tensors of equal shape.

Return a dict of four tensors:
    "padded":  (B, L_max, *features), the sequences' dtype; row i holds seq i followed by
               `padding_value` up to L_max, the longest length in this batch (not a fixed length)
    "lengths": (B,) int64, the true length of every sequence
    "mask":    (B, L_max) bool, True at real positions and False at padding
    "labels":  (B,) int64
Leave the input tensors unchanged. torch.nn.utils.rnn.pad_sequence may be used.
"""

import torch


def pad_collate(batch: list[tuple[torch.Tensor, int]], padding_value: float = 0.0) -> dict[str, torch.Tensor]:
    raise NotImplementedError
