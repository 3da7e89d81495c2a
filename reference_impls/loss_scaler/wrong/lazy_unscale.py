# unscale_ only checks for inf; step() divides, so clip_grad_norm_ clips still-scaled gradients.
# zh: unscale_ 只检查 inf 并做标记，真正的除法放在 step() 里，所以 clip_grad_norm_ 裁剪的是仍然放大的梯度。
import torch


class LossScaler:
    def __init__(self, init_scale=65536.0, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000):
        self._scale = torch.tensor(init_scale, dtype=torch.float32)
        self.growth_factor = growth_factor
        self.backoff_factor = backoff_factor
        self.growth_interval = growth_interval
        self._good = 0
        self._inf = {}

    def scale(self, loss):
        return loss * self._scale

    def unscale_(self, optimizer):
        grads = [p.grad for g in optimizer.param_groups for p in g["params"] if p.grad is not None]
        self._inf[id(optimizer)] = any(not torch.isfinite(g).all() for g in grads)

    def step(self, optimizer):
        if id(optimizer) not in self._inf:
            self.unscale_(optimizer)
        with torch.no_grad():
            for g in optimizer.param_groups:
                for p in g["params"]:
                    if p.grad is not None:
                        p.grad.div_(self._scale)
        if not self._inf[id(optimizer)]:
            optimizer.step()

    def update(self):
        if any(self._inf.values()):
            self._scale = self._scale * self.backoff_factor
            self._good = 0
        else:
            self._good += 1
            if self._good == self.growth_interval:
                new = self._scale * self.growth_factor
                if torch.isfinite(new):
                    self._scale = new
                self._good = 0
        self._inf = {}

    def get_scale(self):
        return self._scale.item()
