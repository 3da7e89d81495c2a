# Every piece of state is a tensor (float32 scale, int32 tracker, float found_inf per optimizer); update() is branch-free torch.where.
import torch


class LossScaler:
    def __init__(self, init_scale: float = 65536.0, growth_factor: float = 2.0, backoff_factor: float = 0.5,
                 growth_interval: int = 2000) -> None:
        self._scale = torch.tensor(init_scale, dtype=torch.float32)
        self._tracker = torch.zeros((), dtype=torch.int32)
        self._gf = torch.tensor(growth_factor, dtype=torch.float32)
        self._bf = torch.tensor(backoff_factor, dtype=torch.float32)
        self._gi = int(growth_interval)
        self._found = {}   # id(optimizer) -> float32 0-dim tensor (0. or 1.)

    def scale(self, loss):
        return loss * self._scale.to(dtype=loss.dtype, device=loss.device)

    def unscale_(self, optimizer):
        if id(optimizer) in self._found:
            raise RuntimeError("unscale_() already called for this optimizer this iteration")
        grads = [p.grad for g in optimizer.param_groups for p in g["params"] if p.grad is not None]
        found = torch.zeros((), dtype=torch.float32)
        if grads:
            nonfinite = torch.stack([(~torch.isfinite(g)).any() for g in grads]).any()
            found = nonfinite.to(torch.float32)
            inv = self._scale.double().reciprocal().float()
            by_dtype = {}
            for g in grads:
                by_dtype.setdefault(g.dtype, []).append(g)
            for dt, gs in by_dtype.items():
                torch._foreach_mul_(gs, inv.to(dt))
        self._found[id(optimizer)] = found

    def step(self, optimizer):
        if id(optimizer) not in self._found:
            self.unscale_(optimizer)
        if self._found[id(optimizer)].item() == 0.0:
            optimizer.step()

    def update(self):
        found = torch.stack(list(self._found.values())).sum() if self._found else torch.zeros(())
        inf = found > 0
        nxt = self._tracker + 1
        grow = (~inf) & (nxt == self._gi)
        grown = self._scale * self._gf
        grown = torch.where(torch.isfinite(grown), grown, self._scale)
        self._scale = torch.where(inf, self._scale * self._bf, torch.where(grow, grown, self._scale))
        self._tracker = torch.where(inf | grow, torch.zeros_like(nxt), nxt)
        self._found = {}

    def get_scale(self):
        return self._scale.item()
