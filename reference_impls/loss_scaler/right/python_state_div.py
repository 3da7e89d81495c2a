# A Python-float scale rounded to float32 by hand (struct); divides by it; tracks optimizers by object.
import math
import struct

import torch

_F32_MAX = 3.4028234663852886e38


def _f32(x):
    """x rounded to float32, inf when it does not fit."""
    if abs(x) > _F32_MAX:
        return math.inf
    try:
        return struct.unpack("f", struct.pack("f", x))[0]
    except OverflowError:  # rounding up past the largest float32
        return math.inf


class LossScaler:
    def __init__(self, init_scale=65536.0, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000):
        self.s = _f32(init_scale)
        self.up, self.down, self.every = growth_factor, backoff_factor, growth_interval
        self.streak = 0
        self.seen = []  # [(optimizer, had_inf)] for this iteration

    def _record(self, optimizer):
        for opt, bad in self.seen:
            if opt is optimizer:
                return bad
        return None

    def scale(self, loss):
        return loss * self.s

    def unscale_(self, optimizer):
        bad = False
        with torch.no_grad():
            for g in [p.grad for group in optimizer.param_groups for p in group["params"]]:
                if g is None:
                    continue
                if not torch.isfinite(g).all():
                    bad = True
                g.div_(self.s)
        self.seen.append((optimizer, bad))

    def step(self, optimizer):
        bad = self._record(optimizer)
        if bad is None:
            self.unscale_(optimizer)
            bad = self._record(optimizer)
        if not bad:
            optimizer.step()

    def update(self):
        if any(bad for _, bad in self.seen):
            self.s = _f32(self.s * self.down)
            self.streak = 0
        elif self.streak + 1 == self.every:
            grown = _f32(self.s * self.up)
            if math.isfinite(grown):
                self.s = grown
            self.streak = 0
        else:
            self.streak += 1
        self.seen = []

    def get_scale(self):
        return float(self.s)
