# Flattens x in NHWC order and rebuilds the NCHW view with as_strided and the channels_last strides.
import torch


def solve(x: torch.Tensor) -> torch.Tensor:
    nhwc = x.permute(0, 2, 3, 1)
    if nhwc.is_contiguous():
        return x
    n, c, h, w = x.shape
    flat = nhwc.flatten()  # a copy in N, H, W, C order
    return flat.as_strided((n, c, h, w), (h * w * c, 1, w * c, c))


if __name__ == "__main__":
    t = torch.randn(2, 3, 4, 5)
    assert solve(t).stride() == (60, 1, 15, 3) and torch.equal(solve(t), t)
    print("ok")
