# F.layer_norm over x.T for the normalisation, var_mean(correction=1) and lerp_ for the running statistics (holdout round 9)
import torch
import torch.nn.functional as F
from torch import nn


class MyBatchNorm1d(nn.Module):
    def __init__(self, num_features: int, eps: float = 1e-5, momentum: float = 0.1):
        super().__init__()
        self.num_features = num_features
        self.eps = eps
        self.momentum = momentum
        self.weight = nn.Parameter(torch.empty(num_features).fill_(1.0))
        self.bias = nn.Parameter(torch.empty(num_features).fill_(0.0))
        for name, init in (("running_mean", torch.zeros), ("running_var", torch.ones)):
            self.register_buffer(name, init(num_features))
        self.register_buffer("num_batches_tracked", torch.zeros((), dtype=torch.int64))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if not self.training:
            inv = (self.running_var + self.eps).rsqrt()
            return torch.addcmul(self.bias, (x - self.running_mean) * inv, self.weight)
        xt = x.transpose(0, 1)                          # (C, N): one row per feature
        normed = F.layer_norm(xt, (x.shape[0],), eps=self.eps).transpose(0, 1)
        with torch.no_grad():
            unb, mean = torch.var_mean(xt, dim=1, correction=1)
            self.running_mean.lerp_(mean.to(self.running_mean.dtype), self.momentum)
            self.running_var.lerp_(unb.to(self.running_var.dtype), self.momentum)
            self.num_batches_tracked.add_(1)
        return normed * self.weight + self.bias
