"""A dynamic loss scaler that behaves like torch.amp.GradScaler("cpu"), step by step.

One training iteration uses it like this (one or two optimizers, each over its own parameters):

    for opt in optimizers: opt.zero_grad()
    scaler.scale(loss).backward()
    scaler.unscale_(opt)                              # optional, before clip_grad_norm_
    torch.nn.utils.clip_grad_norm_(params, max_norm)  # only after unscale_
    for opt in optimizers: scaler.step(opt)
    scaler.update()

- `scale(loss)`: the loss times the current scale, a tensor of the loss's dtype that backward()
  goes through.
- `unscale_(optimizer)`: divide the .grad of every parameter of that optimizer by the scale, in
  place, and remember whether any of them held inf, -inf or nan (parameters whose .grad is None
  are skipped). Element by element: finite gradients whose sum exceeds float32's range are no
  overflow. Called at most once per optimizer per iteration, and only before step().
- `step(optimizer)`: unscale_ that optimizer first unless unscale_ already ran for it this
  iteration (never divide twice); then call optimizer.step(), unless that optimizer's gradients
  held inf/-inf/nan, in which case skip it. Each optimizer is decided by its own gradients.
- `update()`: once per iteration, after every step(). If any optimizer saw inf/nan this
  iteration: scale *= backoff_factor and the count of clean iterations restarts at 0. Otherwise the
  count grows by 1, and when it reaches growth_interval: scale *= growth_factor and the count
  restarts at 0.
- The scale is a float32 value (as GradScaler's): a growth whose result would be inf in float32 is
  not applied (the count still restarts at 0). `get_scale()` returns it as a Python float.
- After step(), the .grad tensors hold the unscaled gradients (inf and nan left as they are).

Parameters are float32 or float64 (the grads have the parameters' dtype); the grader compares the
scaled loss, the gradients after unscale_ and after step(), the parameters and get_scale() after
every iteration with torch.amp.GradScaler("cpu") (values to 1e-5 relative; the scale to 1e-6
relative). Do not use torch.amp / torch.cuda.amp or torch's private _amp_* kernels.
"""

import torch


class LossScaler:
    def __init__(self, init_scale: float = 65536.0, growth_factor: float = 2.0, backoff_factor: float = 0.5,
                 growth_interval: int = 2000) -> None:
        raise NotImplementedError

    def scale(self, loss: torch.Tensor) -> torch.Tensor:
        raise NotImplementedError

    def unscale_(self, optimizer: torch.optim.Optimizer) -> None:
        raise NotImplementedError

    def step(self, optimizer: torch.optim.Optimizer) -> None:
        raise NotImplementedError

    def update(self) -> None:
        raise NotImplementedError

    def get_scale(self) -> float:
        raise NotImplementedError
