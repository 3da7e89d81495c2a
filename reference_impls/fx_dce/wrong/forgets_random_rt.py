# keeps in-place ops but forgets random ops: an unused torch.rand/dropout draw is removed, shifting every later draw
# zh: 保留原地算子却忘了随机算子：没被使用的 torch.rand/dropout 采样被删，后面的每次采样都错位了。
import torch
import torch.nn.functional as F
from torch import fx

RANDOM_OPS = {torch.rand, torch.rand_like, torch.randn, torch.randn_like, torch.randint, torch.randint_like,
              torch.randperm, torch.bernoulli, torch.normal, torch.poisson, torch.multinomial, torch.dropout,
              F.dropout, F.dropout1d, F.dropout2d, F.dropout3d, F.alpha_dropout, F.feature_alpha_dropout,
              F.gumbel_softmax, F.rrelu}


def _keep(n):
    name = n.target if isinstance(n.target, str) else getattr(n.target, '__name__', '')
    return n.op in ('call_function', 'call_method') and name.endswith('_')


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    for n in reversed(list(gm.graph.nodes)):
        if n.op in ("placeholder", "output") or len(n.users) > 0:
            continue
        if _keep(n):
            continue
        gm.graph.erase_node(n)
    gm.recompile()
    return gm
