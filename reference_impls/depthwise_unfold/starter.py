"""Depthwise convolution with unfold (im2col).

Implement `solve(x, weight, stride, padding)` for x of shape (N, C, H, W) and weight of shape
(C, 1, k, k): each channel is convolved with its own k x k filter (no mixing across channels),
exactly like `F.conv2d(x, weight, stride=stride, padding=padding, groups=C)` - but built with
`torch.nn.functional.unfold` (im2col) and elementwise ops, without conv2d/conv1d/conv3d.
"""

import torch
import torch.nn.functional as F


def solve(x: torch.Tensor, weight: torch.Tensor, stride: int, padding: int) -> torch.Tensor:
    raise NotImplementedError
