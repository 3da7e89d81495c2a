# inf/nan test done on p.grad.float(): a float64 scaled gradient that is finite but beyond float32 range (init_scale near float32 max) is counted as overflow, so the step is skipped and the scale backs off
# zh: 在 p.grad.float() 上做 inf/nan 检查：float64 中有限、但缩放后超出 float32 范围的梯度被当成溢出，于是跳过这一步并回退缩放因子。
import torch


class LossScaler:
    def __init__(self, init_scale: float = 65536.0, growth_factor: float = 2.0, backoff_factor: float = 0.5,
                 growth_interval: int = 2000) -> None:
        self._scale = torch.tensor(init_scale, dtype=torch.float32)
        self._growth_factor = growth_factor
        self._backoff_factor = backoff_factor
        self._growth_interval = growth_interval
        self._growth_tracker = 0
        self._opt_states = {}

    def scale(self, loss: torch.Tensor) -> torch.Tensor:
        return loss * self._scale

    def unscale_(self, optimizer: torch.optim.Optimizer) -> None:
        st = self._opt_states.setdefault(id(optimizer), {"unscaled": False, "found": False})
        inv = (1.0 / self._scale.double()).float()
        found = False
        for group in optimizer.param_groups:
            for p in group["params"]:
                if p.grad is None:
                    continue
                if not torch.isfinite(p.grad.float()).all():
                    found = True
                p.grad.mul_(inv.to(p.grad.dtype))
        st["unscaled"] = True
        st["found"] = found

    def step(self, optimizer: torch.optim.Optimizer) -> None:
        st = self._opt_states.get(id(optimizer))
        if st is None or not st["unscaled"]:
            self.unscale_(optimizer)
            st = self._opt_states[id(optimizer)]
        if not st["found"]:
            optimizer.step()

    def update(self) -> None:
        found = any(st["found"] for st in self._opt_states.values())
        if found:
            self._scale = (self._scale.double() * self._backoff_factor).float()
            self._growth_tracker = 0
        else:
            self._growth_tracker += 1
            if self._growth_tracker == self._growth_interval:
                new_scale = (self._scale.double() * self._growth_factor).float()
                if torch.isfinite(new_scale):
                    self._scale = new_scale
                self._growth_tracker = 0
        self._opt_states = {}

    def get_scale(self) -> float:
        return float(self._scale)
