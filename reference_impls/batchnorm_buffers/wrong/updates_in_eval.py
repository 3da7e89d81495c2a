# normalises with the running statistics in eval mode but still updates them (and the counter) on every call, eval included
# zh: eval 模式下虽然用 running 统计量归一化，但每次调用仍更新它们和计数器。
import torch
from torch import nn


class MyBatchNorm1d(nn.Module):
    def __init__(self, num_features: int, eps: float = 1e-5, momentum: float = 0.1):
        super().__init__()
        self.num_features = num_features
        self.eps = eps
        self.momentum = momentum
        self.weight = nn.Parameter(torch.ones(num_features))
        self.bias = nn.Parameter(torch.zeros(num_features))
        self.register_buffer("running_mean", torch.zeros(num_features))
        self.register_buffer("running_var", torch.ones(num_features))
        self.register_buffer("num_batches_tracked", torch.tensor(0, dtype=torch.long))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        n = x.shape[0]
        bmean = x.mean(dim=0)
        bvar = x.var(dim=0, unbiased=False)
        if self.training:
            mean, var = bmean, bvar
        else:
            mean, var = self.running_mean.clone(), self.running_var.clone()
        with torch.no_grad():
            self.running_mean.mul_(1 - self.momentum).add_(self.momentum * bmean)
            self.running_var.mul_(1 - self.momentum).add_(self.momentum * bvar * n / (n - 1))
            self.num_batches_tracked.add_(1)
        return (x - mean) / torch.sqrt(var + self.eps) * self.weight + self.bias
