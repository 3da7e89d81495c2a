"""Common-subexpression elimination (CSE) as a torch.fx pass.

Implement `solve(gm)`. `gm` is a torch.fx.GraphModule that torch.fx.symbolic_trace made from a
model in eval mode. Return a GraphModule that computes the same outputs, in which no two
call_function / call_method nodes compute the same value: same op, same target, same positional
arguments and same keyword arguments. The later duplicate's users must read the first node instead.
Duplicates can appear only after an earlier merge: in `torch.relu(x) * 2` written twice, the two
products become identical once the two relus are one node.

Rules:
- Keyword arguments count: `x.softmax(dim=0)` and `x.softmax(dim=1)` are different values, and so
  are `torch.sub(x, y)` and `torch.sub(y, x)`.
- Random ops (RANDOM_OPS below, and the methods .bernoulli() / .multinomial()) are never merged:
  two `torch.rand_like(x)` calls are two different draws. In-place ops (a function or method whose
  name ends in `_`) are never merged either, and a random or in-place op between two equal calls
  makes them different values: merge only duplicates with no such op between them.
- An op is in-place when its name ends in `_` (`add_`, `clamp_`, `torch.relu_`; not operator.and_ /
  or_, which are `&` and `|`) or when it gets `inplace=True` or an `out=` tensor. Models
  spell ops every way (`a + b`, `torch.add(a, b)`, `a.add(b)`), write through views
  (`y.view(-1).add_(1)`), nest submodules (`enc.attn.q`), and use float32 and float64; each is
  called twice with the same inputs and seed.
- call_module nodes are left alone.
- You may edit `gm` in place and return it; call `gm.recompile()` after editing its graph.

Graded on `cse_twin_branches` (relu(x) * 2 computed twice, relu(x) a third time) and `cse_random`
(two rand_like draws next to two identical sigmoids), and on hidden models.
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
