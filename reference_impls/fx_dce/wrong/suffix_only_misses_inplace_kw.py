# Treats only names ending in `_` as in-place, so F.relu(x, inplace=True) and torch.add(..., out=buf) with unused results are removed and the outputs change.
# zh: 只按名字以 `_` 结尾判断原地算子，于是结果没人用的 F.relu(x, inplace=True) 和 torch.add(..., out=buf) 被删掉，输出随之改变。
import torch
import torch.nn.functional as F
from torch import fx

RANDOM_OPS = {torch.rand, torch.rand_like, torch.randn, torch.randn_like, torch.randint, torch.randint_like,
              torch.randperm, torch.bernoulli, torch.normal, torch.poisson, torch.multinomial, torch.dropout,
              F.dropout, F.dropout1d, F.dropout2d, F.dropout3d, F.alpha_dropout, F.feature_alpha_dropout,
              F.gumbel_softmax, F.rrelu}



def _keep(n):
    if n.op == 'call_function':
        return n.target in RANDOM_OPS or getattr(n.target, '__name__', '').endswith('_')
    if n.op == 'call_method':
        return n.target.endswith('_') or n.target in ('bernoulli', 'multinomial')
    return False


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    for n in reversed(list(gm.graph.nodes)):
        if n.op in ("placeholder", "output") or len(n.users) > 0:
            continue
        if _keep(n):
            continue
        gm.graph.erase_node(n)
    gm.recompile()
    return gm
