# Computes the output size as if stride were 1, then unfolds with stride: breaks for stride 2.
import torch.nn.functional as F


def solve(x, weight, stride, padding):
    n, c, h, w = x.shape
    k = weight.shape[-1]
    out_h, out_w = h + 2 * padding - k + 1, w + 2 * padding - k + 1
    cols = F.unfold(x, k, padding=padding, stride=1).view(n, c, k * k, out_h * out_w)
    out = (cols * weight.view(1, c, k * k, 1)).sum(dim=2)
    return out.view(n, c, out_h, out_w)
