# torch.as_strided with keyword arguments and divmod for the window count
import torch


def solve(x: torch.Tensor, size: int, step: int) -> torch.Tensor:
    length = x.shape[0]
    if size > length or step <= 0:
        raise RuntimeError("invalid size/step for unfold")
    count, _ = divmod(length - size, step)
    return torch.as_strided(x, size=[count + 1] + list(x.shape[1:]) + [size],
                            stride=[x.stride(0) * step] + list(x.stride()[1:]) + [x.stride(0)],
                            storage_offset=x.storage_offset())
