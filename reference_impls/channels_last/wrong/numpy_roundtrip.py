# Re-layout through numpy (transpose + ascontiguousarray): numpy has no bfloat16, so a bfloat16 x raises (holdout round 9)
# zh: 通过 numpy 重排（transpose + ascontiguousarray）：numpy 没有 bfloat16，bfloat16 的 x 会抛异常（第 9 轮盲测）
import numpy as np
import torch


def solve(x: torch.Tensor) -> torch.Tensor:
    if x.permute(0, 2, 3, 1).is_contiguous():
        return x
    nhwc = np.ascontiguousarray(x.numpy().transpose(0, 2, 3, 1))
    return torch.from_numpy(nhwc).permute(0, 3, 1, 2)
