# keeps RANDOM_OPS call_functions and in-place ops but not the random *methods* x.bernoulli() / x.multinomial()
# zh: 保留随机函数和原地算子，却没有保留随机方法 x.bernoulli() / x.multinomial()。
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
        return n.target.endswith('_')
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
