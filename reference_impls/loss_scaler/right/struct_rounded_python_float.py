# the scale is a plain Python float forced onto float32 with struct.pack('f') (OverflowError == would-be-inf); a single per-iteration dict of optimizer -> found flag, unscale by torch._foreach_div_, check by max-abs via torch.amax with isnan fallback
import math
import struct

import torch

_F32_MAX = struct.unpack("f", struct.pack("I", 0x7F7FFFFF))[0]


def _to_f32(v: float) -> float:
    return struct.unpack("f", struct.pack("f", v))[0]


def _to_f32_or_inf(v: float) -> float:
    try:
        return _to_f32(v)
    except OverflowError:
        return math.inf


class LossScaler:
    def __init__(self, init_scale=65536.0, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000):
        self.cur = _to_f32(float(init_scale))
        self.gf, self.bf, self.gi = float(growth_factor), float(backoff_factor), int(growth_interval)
        self.clean = 0
        self.iteration = {}          # optimizer -> found_inf (presence == already unscaled)

    def scale(self, loss):
        return loss * torch.tensor(self.cur, dtype=torch.float32)

    def unscale_(self, optimizer):
        grads = [p.grad for grp in optimizer.param_groups for p in grp["params"] if p.grad is not None]
        found = False
        for g in grads:
            if g.numel() == 0:
                continue
            m = torch.amax(g.abs())
            if not math.isfinite(m.item()) or bool(torch.isnan(g).any()):
                found = True
        if grads:
            torch._foreach_div_(grads, self.cur)
        self.iteration[optimizer] = found

    def step(self, optimizer):
        if optimizer not in self.iteration:
            self.unscale_(optimizer)
        if not self.iteration[optimizer]:
            optimizer.step()

    def update(self):
        if any(self.iteration.values()):
            self.cur = _to_f32(self.cur * self.bf)
            self.clean = 0
        else:
            self.clean += 1
            if self.clean == self.gi:
                grown = _to_f32_or_inf(self.cur * self.gf)
                if math.isfinite(grown):
                    self.cur = grown
                self.clean = 0
        self.iteration = {}

    def get_scale(self):
        return self.cur
