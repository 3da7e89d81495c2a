# all state lives in tensors like GradScaler's internals (0-dim float32 scale, int32 tracker, per-optimizer float32 found_inf), update() is branchless torch.where arithmetic, the inf/nan test is (g != g) | (|g| == inf), unscale is an in-place division with out=
import torch


class LossScaler:
    def __init__(self, init_scale: float = 65536.0, growth_factor: float = 2.0, backoff_factor: float = 0.5,
                 growth_interval: int = 2000) -> None:
        self._scale = torch.full((), init_scale, dtype=torch.float32)
        self._tracker = torch.zeros((), dtype=torch.int32)
        self._growth_factor = growth_factor
        self._backoff_factor = backoff_factor
        self._growth_interval = growth_interval
        self._found = {}      # id(optimizer) -> float32 0-dim tensor (1.0 if inf/nan seen)

    def scale(self, loss: torch.Tensor) -> torch.Tensor:
        return torch.mul(loss, self._scale)

    def unscale_(self, optimizer: torch.optim.Optimizer) -> None:
        key = id(optimizer)
        if key in self._found:
            raise RuntimeError("unscale_() already called for this optimizer in this iteration")
        found = torch.zeros((), dtype=torch.float32)
        for group in optimizer.param_groups:
            for p in group["params"]:
                g = p.grad
                if g is None:
                    continue
                bad = ((g != g) | (g.abs() == float("inf"))).any()
                found = torch.maximum(found, bad.to(torch.float32))
                torch.div(g, self._scale.to(g.dtype), out=g)
        self._found[key] = found

    def step(self, optimizer: torch.optim.Optimizer) -> None:
        if id(optimizer) not in self._found:
            self.unscale_(optimizer)
        if self._found[id(optimizer)].item() == 0.0:
            optimizer.step()

    def update(self) -> None:
        found = torch.zeros((), dtype=torch.float32)
        for f in self._found.values():
            found = found + f
        found = found > 0
        succ = self._tracker + 1
        grow_now = (~found) & (succ == self._growth_interval)
        grown = (self._scale.double() * self._growth_factor).to(torch.float32)
        backed = (self._scale.double() * self._backoff_factor).to(torch.float32)
        new_scale = torch.where(found, backed,
                                torch.where(grow_now & torch.isfinite(grown), grown, self._scale))
        self._tracker = torch.where(found | grow_now, torch.zeros_like(succ), succ).to(torch.int32)
        self._scale = new_scale
        self._found = {}

    def get_scale(self) -> float:
        return self._scale.item()
