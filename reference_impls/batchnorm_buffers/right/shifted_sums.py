# Sums taken around the first row (shifted data), parameters and buffers registered in loops (holdout round 9)
import torch
from torch import nn


class MyBatchNorm1d(nn.Module):
    def __init__(self, num_features: int, eps: float = 1e-5, momentum: float = 0.1):
        super().__init__()
        self.eps, self.momentum = float(eps), float(momentum)
        c = num_features
        for name, val in (("weight", 1.0), ("bias", 0.0)):
            self.register_parameter(name, nn.Parameter(torch.full((c,), val)))
        for name, val in (("running_mean", 0.0), ("running_var", 1.0)):
            self.register_buffer(name, torch.full((c,), val))
        self.register_buffer("num_batches_tracked", torch.tensor(0))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if self.training:
            n = x.shape[0]
            shift = x[:1].detach()                      # stabilises large offsets
            d = x - shift
            mean_d = d.sum(0, keepdim=True) / n
            c = d - mean_d                              # == x - batch mean
            ss = (c * c).sum(0)
            var_b = ss / n
            mean = (shift + mean_d).squeeze(0)
            with torch.no_grad():
                m = self.momentum
                self.running_mean.copy_(self.running_mean * (1 - m) + mean * m)
                self.running_var.copy_(self.running_var * (1 - m) + (ss / (n - 1)) * m)
                self.num_batches_tracked.copy_(self.num_batches_tracked + 1)
            return c / (var_b + self.eps).sqrt() * self.weight + self.bias
        return (x - self.running_mean) / (self.running_var + self.eps).sqrt() * self.weight + self.bias
