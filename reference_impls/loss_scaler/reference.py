import torch


class LossScaler:
    def __init__(self, init_scale: float = 65536.0, growth_factor: float = 2.0, backoff_factor: float = 0.5,
                 growth_interval: int = 2000) -> None:
        # float32, as GradScaler keeps it: growing and backing off round to float32, and a growth
        # past float32's largest value is refused below
        self._scale = torch.tensor(init_scale, dtype=torch.float32)
        self.growth_factor = growth_factor
        self.backoff_factor = backoff_factor
        self.growth_interval = growth_interval
        self._clean_steps = 0  # consecutive steps without inf/nan since the last growth or backoff
        self._found_inf: dict[int, bool] = {}  # id(optimizer) -> inf/nan seen by its unscale_, this iteration

    def scale(self, loss: torch.Tensor) -> torch.Tensor:
        return loss * self._scale

    @torch.no_grad()
    def unscale_(self, optimizer: torch.optim.Optimizer) -> None:
        inv_scale = self._scale.double().reciprocal().float()
        found = False
        for group in optimizer.param_groups:
            for p in group["params"]:
                if p.grad is None:
                    continue
                found = found or not bool(torch.isfinite(p.grad).all())  # before dividing: any grad counts
                p.grad.mul_(inv_scale)
        self._found_inf[id(optimizer)] = found

    def step(self, optimizer: torch.optim.Optimizer) -> None:
        if id(optimizer) not in self._found_inf:  # not unscaled explicitly this iteration
            self.unscale_(optimizer)
        if not self._found_inf[id(optimizer)]:
            optimizer.step()

    def update(self) -> None:
        if any(self._found_inf.values()):
            self._scale = self._scale * self.backoff_factor
            self._clean_steps = 0
        else:
            self._clean_steps += 1
            if self._clean_steps == self.growth_interval:
                grown = self._scale * self.growth_factor
                if bool(torch.isfinite(grown)):
                    self._scale = grown
                self._clean_steps = 0
        self._found_inf.clear()

    def get_scale(self) -> float:
        return float(self._scale)
