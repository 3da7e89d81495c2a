# a reusable context manager class installs the hooks (torch.clip spelling, min/max keywords) and ExitStack-style removal; backward through torch.autograd.backward
import torch
from torch import nn


class _ClampHooks:
    def __init__(self, params, lo, hi):
        self.params, self.lo, self.hi, self.handles = list(params), lo, hi, []

    def _hook(self, g):
        return torch.clip(g, min=self.lo, max=self.hi)

    def __enter__(self):
        seen = set()
        for p in self.params:
            if id(p) not in seen:
                seen.add(id(p))
                self.handles.append(p.register_hook(self._hook))
        return self

    def __exit__(self, *exc):
        for h in self.handles:
            h.remove()
        self.handles.clear()
        return False


def accumulate_clipped(model: nn.Module, batches: list[tuple[torch.Tensor, torch.Tensor]], clip: float) -> None:
    with _ClampHooks(model.parameters(), -float(clip), float(clip)):
        for i in range(len(batches)):
            x, y = batches[i]
            torch.autograd.backward(torch.nn.functional.mse_loss(model(x), y))
