# unscale_ returns without dividing the remaining finite gradients once it finds inf/nan.
# zh: unscale_发现inf/nan后直接返回，其余有限梯度没有被除以缩放因子。
import torch


class LossScaler:
    def __init__(self, init_scale: float = 65536.0, growth_factor: float = 2.0, backoff_factor: float = 0.5,
                 growth_interval: int = 2000) -> None:
        self._scale = torch.full((), init_scale, dtype=torch.float32)
        self.growth_factor = growth_factor
        self.backoff_factor = backoff_factor
        self.growth_interval = growth_interval
        self._tracker = 0
        self._states = {}

    def scale(self, loss):
        return loss * self._scale.to(loss.device)

    def unscale_(self, optimizer):
        st = self._states.setdefault(id(optimizer), {"unscaled": False, "inf": False})
        if st["unscaled"]:
            raise RuntimeError("unscale_() already called")
        inv = self._scale.double().reciprocal().float()
        found = False
        for group in optimizer.param_groups:
            for p in group["params"]:
                if p.grad is None:
                    continue
                if not torch.isfinite(p.grad).all():
                    found = True
                    break
                p.grad.mul_(inv)
            if found:
                break
        st["unscaled"] = True
        st["inf"] = found

    def step(self, optimizer):
        st = self._states.get(id(optimizer))
        if st is None or not st["unscaled"]:
            self.unscale_(optimizer)
            st = self._states[id(optimizer)]
        if not st["inf"]:
            optimizer.step()

    def update(self):
        found = any(s["inf"] for s in self._states.values())
        if found:
            self._scale = self._scale * self.backoff_factor
            self._tracker = 0
        else:
            self._tracker += 1
            if self._tracker == self.growth_interval:
                new = self._scale * self.growth_factor
                if torch.isfinite(new):
                    self._scale = new
                self._tracker = 0
        self._states = {}

    def get_scale(self):
        return float(self._scale)
