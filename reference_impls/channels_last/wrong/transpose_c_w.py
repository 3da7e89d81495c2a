# Swaps C and W with one transpose, so memory ends up N, W, H, C instead of N, H, W, C.
# zh: 用一次 transpose 交换 C 和 W，内存顺序变成 N、W、H、C，而不是 N、H、W、C。
import torch


def solve(x: torch.Tensor) -> torch.Tensor:
    return x.transpose(1, 3).contiguous().transpose(1, 3)
