"""Dead-code elimination (DCE) as a torch.fx pass.

Implement `solve(gm)`. `gm` is a torch.fx.GraphModule that torch.fx.symbolic_trace made from a
model in eval mode. Return a GraphModule that computes the same outputs, from which every node
whose value nobody reads has been removed - whole dead chains included: once `cos` in
`torch.sin(x).cos()` is gone, `sin` is dead too. get_attr and call_module nodes whose result is
unused go as well (the modules here have no side effects).

Rules:
- Placeholders stay, used or not: they are the module's signature. The output node stays.
- In-place ops stay even though nothing reads their result: `y.add_(1)` changes `y`, which is read
  later (they stay even when nothing reads `y` afterwards).
- An op is in-place when its name ends in `_` (`add_`, `clamp_`, `torch.relu_`; not operator.and_ /
  or_, which are `&` and `|`) or when it gets `inplace=True` or an `out=` tensor. Models
  spell ops every way (`a + b`, `torch.add(a, b)`, `a.add(b)`), write through views
  (`y.view(-1).add_(1)`), nest submodules (`enc.attn.q`), and use float32 and float64; each is
  called twice with the same inputs and seed.
- Random ops (RANDOM_OPS below, and the methods .bernoulli() / .multinomial()) stay too: an
  unused draw still advances the random generator, so removing it changes every later draw.
- You may edit `gm` in place and return it; call `gm.recompile()` after editing its graph.

Graded on `dce_dead_branch` (an unused sin().cos() chain times a parameter, an unused Linear) and
`dce_inplace` (a clone changed by add_ and torch.relu_, then used), and on hidden models.
Beware: torch.fx's own Graph.eliminate_dead_code() treats in-place *methods* as pure.
"""

import torch
import torch.nn.functional as F
from torch import fx

RANDOM_OPS = {torch.rand, torch.rand_like, torch.randn, torch.randn_like, torch.randint, torch.randint_like,
              torch.randperm, torch.bernoulli, torch.normal, torch.poisson, torch.multinomial, torch.dropout,
              F.dropout, F.dropout1d, F.dropout2d, F.dropout3d, F.alpha_dropout, F.feature_alpha_dropout,
              F.gumbel_softmax, F.rrelu}


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    raise NotImplementedError
