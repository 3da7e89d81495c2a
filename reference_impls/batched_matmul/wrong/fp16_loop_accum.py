# loops over k accumulating in the input dtype: float16/bfloat16 rounding error grows with k (matmul accumulates in float32)
# zh: 沿 k 循环并以输入 dtype 累加：float16/bfloat16 的舍入误差随 k 增大（matmul 用 float32 累加）
import torch


def solve(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    B, n, k = a.shape
    m = b.shape[2]
    out = torch.zeros(B, n, m, dtype=a.dtype, device=a.device)
    for i in range(k):
        out += a[:, :, i:i + 1] * b[:, i:i + 1, :]
    return out
