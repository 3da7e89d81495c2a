# Unscales with torch._foreach_mul_ over the gradient list; inf flags are float tensors summed at update().
import torch


class LossScaler:
    def __init__(self, init_scale=65536.0, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000):
        self._scale = torch.full((), init_scale, dtype=torch.float32)
        self._growth_tracker = torch.zeros((), dtype=torch.int32)
        self._factors = (growth_factor, backoff_factor, growth_interval)
        self._per_optimizer = {}

    def scale(self, loss):
        return loss * self._scale.to(loss.device)

    def unscale_(self, optimizer):
        inv = self._scale.double().reciprocal().float()
        found_inf = torch.zeros((), dtype=torch.float32)
        grads = [p.grad for group in optimizer.param_groups for p in group["params"] if p.grad is not None]
        if grads:
            finite = torch.stack([torch.isfinite(g).all() for g in grads]).all()
            found_inf += (~finite).float()
            with torch.no_grad():
                torch._foreach_mul_(grads, inv)
        self._per_optimizer[id(optimizer)] = found_inf

    def step(self, optimizer):
        if id(optimizer) not in self._per_optimizer:
            self.unscale_(optimizer)
        if self._per_optimizer[id(optimizer)].item() == 0:
            return optimizer.step()
        return None

    def update(self):
        growth, backoff, interval = self._factors
        found = torch.stack(list(self._per_optimizer.values())).sum() if self._per_optimizer else torch.zeros(())
        if found.item() > 0:
            self._scale.mul_(backoff)
            self._growth_tracker.zero_()
        else:
            self._growth_tracker += 1
            if int(self._growth_tracker) == interval:
                candidate = self._scale * growth
                if torch.isfinite(candidate):
                    self._scale.copy_(candidate)
                self._growth_tracker.zero_()
        self._per_optimizer.clear()

    def get_scale(self):
        return self._scale.item()
