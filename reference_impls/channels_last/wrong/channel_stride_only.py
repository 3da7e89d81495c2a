# treats any x with stride(1) == 1 as already channels_last: sliced channels_last views (x[:, :, ::2]) come back uncopied
# zh: 只要 stride(1) == 1 就当作已经是 channels_last：带步长切片的 channels_last 视图（x[:, :, ::2]）没有被拷贝
import torch


def solve(x: torch.Tensor) -> torch.Tensor:
    if x.stride(1) == 1:
        return x
    return x.permute(0, 2, 3, 1).contiguous().permute(0, 3, 1, 2)
