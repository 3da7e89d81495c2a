# A Python float scale: 2**128 is finite in float64, so it grows where GradScaler's float32 stays.
# zh: 用 Python float 保存缩放因子：2**128 在 float64 中有限，GradScaler 不再增长时它还在增长。
import math

import torch


class LossScaler:
    def __init__(self, init_scale=65536.0, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000):
        self.scale_value = float(init_scale)
        self.growth_factor = growth_factor
        self.backoff_factor = backoff_factor
        self.growth_interval = growth_interval
        self.good_steps = 0
        self.found = {}

    def scale(self, loss):
        return loss * self.scale_value

    def unscale_(self, optimizer):
        found = False
        with torch.no_grad():
            for group in optimizer.param_groups:
                for p in group["params"]:
                    if p.grad is not None:
                        found |= not torch.isfinite(p.grad).all().item()
                        p.grad.div_(self.scale_value)
        self.found[optimizer] = found

    def step(self, optimizer):
        if optimizer not in self.found:
            self.unscale_(optimizer)
        if not self.found[optimizer]:
            optimizer.step()

    def update(self):
        if any(self.found.values()):
            self.scale_value *= self.backoff_factor
            self.good_steps = 0
        else:
            self.good_steps += 1
            if self.good_steps == self.growth_interval:
                if math.isfinite(self.scale_value * self.growth_factor):
                    self.scale_value *= self.growth_factor
                self.good_steps = 0
        self.found = {}

    def get_scale(self):
        return self.scale_value
